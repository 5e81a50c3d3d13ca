import { z } from 'zod';
import { entityId, requiredString } from './fields.ts';
import { limits } from './limits.ts';
import { userSchema } from './users.ts';

/**
 * A viewer's effective identity (row-level security) for one account, or for one dataset of it.
 * The viewer's embed tokens carry `username` and `roles` for datasets that require an identity.
 */
export const rlsIdentitySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  accountId: z.number().int(),
  /** The BI dataset id, or null for every dataset of the account. */
  datasetId: z.string().nullable(),
  username: z.string(),
  roles: z.array(z.string()),
});
export type RlsIdentity = z.infer<typeof rlsIdentitySchema>;
export const rlsIdentityListSchema = z.array(rlsIdentitySchema);

/** `PUT account/{id}/identities`: creates or replaces the identity of (user, dataset). */
export const putRlsIdentityRequestSchema = z.object({
  userId: entityId,
  datasetId: requiredString(limits.opaqueId).nullable().optional(),
  /** Defaults to the portal user's mail. */
  username: requiredString(limits.rlsUsername).optional(),
  roles: z.array(requiredString(limits.rlsUsername)).min(1).max(limits.rlsRoles),
});
export type PutRlsIdentityRequest = z.input<typeof putRlsIdentityRequestSchema>;

/** The steps of "Probar conexión", in the order they run. */
export const connectionStepSchema = z.enum(['signIn', 'workspaces', 'embedToken']);
export type ConnectionStep = z.infer<typeof connectionStepSchema>;

/** `POST account/{id}/test` takes an empty JSON object (a POST with a JSON body, as every write). */
export const connectionTestRequestSchema = z.object({}).strict();

/** `POST account/{id}/test`: each step that ran, and a Spanish sentence for each. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  steps: z.array(z.object({ step: connectionStepSchema, ok: z.boolean(), message: z.string() })),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/** `GET administration/report/{id}/access`: why each viewer may open the report. */
export const reportAccessSchema = z.array(
  z.object({
    user: userSchema,
    /** The narrowest grants first: report, then workspace, then account. */
    grants: z.array(z.enum(['account', 'workspace', 'report'])),
    /** Provider groups through which the user holds some of those grants. */
    groups: z.array(z.string()).optional(),
    /** The identities the viewer's tokens carry on the report's account (none: no RLS identity). */
    identities: z.array(rlsIdentitySchema.pick({ username: true, roles: true, datasetId: true })),
  }),
);
export type ReportAccess = z.infer<typeof reportAccessSchema>;
