import { z } from 'zod';
import { entityId, opaqueId } from './fields.ts';
import { validationMessages } from './messages.ts';
import { userSchema } from './users.ts';

/**
 * "Válido hasta" of a grant: the instant it stops granting (ISO 8601 with a zone; null or absent:
 * no end). A past instant is accepted, so a screen can send back an expired grant it still shows.
 */
export const validUntilInput = z.iso
  .datetime({ offset: true, error: validationMessages.dateTime })
  .nullable()
  .optional();
/** In answers: present only on a grant that ends, in UTC. */
const validUntilOutput = z.string().optional();

/**
 * A grant of one element (account, workspace or report) to a viewer. `accountElementId` is the
 * portal account id as text, or the BI id of a workspace or report.
 */
export const permissionSchema = z.object({
  id: z.number().int().optional(),
  userId: z.number().int(),
  accountElementId: z.string(),
  validUntil: validUntilOutput,
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionListSchema = z.array(permissionSchema);

/** One record of `PUT user/permissions`. */
export const permissionInputSchema = z.object({
  id: z.number().int().optional(),
  userId: entityId,
  accountElementId: opaqueId,
  validUntil: validUntilInput,
});
/** `PUT user/permissions`: replaces the set of every user named in the list. */
export const putPermissionsRequestSchema = z.array(permissionInputSchema).max(10_000);
export type PutPermissionsRequest = z.input<typeof putPermissionsRequestSchema>;

/** A user holding access to a report at one level, with the end of that grant if it has one. */
export const reportUserSchema = userSchema.extend({ validUntil: validUntilOutput });
export type ReportUser = z.infer<typeof reportUserSchema>;

/** `GET administration/report/{id}/users`: who holds access at each level. */
export const reportUsersSchema = z.object({
  report: z.array(reportUserSchema),
  workspace: z.array(reportUserSchema),
  account: z.array(reportUserSchema),
});
export type ReportUsers = z.infer<typeof reportUsersSchema>;

/** `PUT administration/report/{id}/users`: the report's direct viewers (user objects or ids). */
export const putReportUsersRequestSchema = z
  .array(z.object({ id: entityId, validUntil: validUntilInput }))
  .max(10_000);
export type PutReportUsersRequest = z.input<typeof putReportUsersRequestSchema>;

/** `GET groups`: the provider groups (values of the role claim) seen at sign-in. */
export const providerGroupListSchema = z.array(
  z.object({
    name: z.string(),
    /** Users whose last sign-in carried the group. */
    members: z.number().int(),
    lastSeenAt: z.string(),
  }),
);
export type ProviderGroup = z.infer<typeof providerGroupListSchema>[number];

/** `{name}` of the group routes: a claim value, any text the provider sends. */
export const groupNameParamsSchema = z.object({ name: z.string().min(1).max(256) });

/** One grant of a group: the element as in `PUT user/permissions`. */
export const groupPermissionSchema = z.object({
  id: z.number().int().optional(),
  accountElementId: opaqueId,
  validUntil: validUntilInput,
});
export type GroupPermission = z.infer<typeof groupPermissionSchema>;
export const groupPermissionListSchema = z.array(groupPermissionSchema);
/** `PUT groups/{name}/permissions`: the group's whole set of grants. */
export const putGroupPermissionsRequestSchema = z.array(groupPermissionSchema).max(10_000);
export type PutGroupPermissionsRequest = z.input<typeof putGroupPermissionsRequestSchema>;
