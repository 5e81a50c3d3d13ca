import { z } from 'zod';
import { requiredSecret, requiredString } from './fields.ts';
import { limits } from './limits.ts';
import { userSchema } from './users.ts';

/** `POST user/authenticate`. Required without final dot, as in the spec's login form. */
export const loginRequestSchema = z.object({
  username: requiredString(limits.loginField, 'short'),
  password: requiredSecret(limits.loginField, 'short'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** `POST user/refreshtoken` and `POST user/logout`: `token` is the refresh token. */
export const refreshTokenRequestSchema = z.object({
  token: requiredSecret(limits.refreshToken, 'short'),
});
export type RefreshTokenRequest = z.input<typeof refreshTokenRequestSchema>;

/** The signed-in user: user fields plus a short-lived access token and a refresh token. */
export const authenticatedUserSchema = userSchema.extend({
  token: z.string(),
  refreshToken: z.string(),
});
export type AuthenticatedUser = z.infer<typeof authenticatedUserSchema>;

/** `POST user/logout` answer. */
export const logoutResponseSchema = z.object({ revoked: z.boolean() });
