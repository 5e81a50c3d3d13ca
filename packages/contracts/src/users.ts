import { z } from 'zod';
import { emailField, entityId, passwordField, requiredString } from './fields.ts';
import { limits, roles } from './limits.ts';
import { validationMessages } from './messages.ts';

/** Role as stored and returned: 0 Administrator, 1 Viewer. */
export const roleSchema = z.union([z.literal(roles.administrator), z.literal(roles.viewer)]);

/** Role as sent by forms: the radio values '0'/'1' or the numbers themselves. */
export const roleInputSchema = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: (issue) =>
      issue.input === undefined ? validationMessages.required : validationMessages.unknownOption,
  })
  .transform((value) => (Number(value) === 0 ? roles.administrator : roles.viewer));

/** A portal user as the API returns it (spec section 3, without the session tokens). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  mail: z.string(),
  rol: roleSchema,
});
export type User = z.infer<typeof userSchema>;

/** The claim values that last set a provider user's role. */
export const roleClaimsSchema = z.object({
  claim: z.string(),
  values: z.array(z.string()),
  /** Those among OIDC_ADMIN_VALUES: any makes an administrator. */
  adminMatches: z.array(z.string()),
});

export const userListSchema = z.array(userSchema);

/**
 * `GET user/origins` (administration): where each user signs in (`local` password or the
 * company's `provider`) and, for a provider user, the claims that last set their role.
 */
export const userOriginListSchema = z.array(
  z.object({
    userId: z.number().int(),
    origin: z.enum(['local', 'provider']),
    roleClaims: roleClaimsSchema.nullable(),
  }),
);
export type UserOrigin = z.infer<typeof userOriginListSchema>[number];

/** `POST user`: the create payload of spec section 3. */
export const createUserRequestSchema = z.object({
  username: requiredString(limits.username),
  firstname: requiredString(limits.firstname),
  lastname: requiredString(limits.lastname),
  mail: emailField(limits.mail),
  rol: roleInputSchema.default(roles.viewer),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** `PUT user`: the edited user; `username` may be sent but must not change. */
export const updateUserRequestSchema = createUserRequestSchema.extend({
  id: entityId,
  username: requiredString(limits.username).optional(),
  // No default here: a missing role must not silently turn an administrator into a viewer.
  rol: roleInputSchema,
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** `PUT user/reset`: the user whose password is replaced by a new temporary one. */
export const resetPasswordRequestSchema = z.object({ id: entityId });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** `PUT user/changepassword`: the current user object plus the new password. */
export const changePasswordRequestSchema = z.object({ password: passwordField });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The change-password form: password plus its repetition (client side only). */
export const changePasswordFormSchema = z
  .object({
    password: passwordField,
    repeat: z.string().min(1, validationMessages.requiredShort),
  })
  .refine((form) => form.password === form.repeat, {
    path: ['repeat'],
    message: validationMessages.passwordMismatch,
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
