import { z } from 'zod';
import { emailField, entityId, requiredSecret, requiredString } from './fields.ts';
import { limits } from './limits.ts';

/** Content kinds of the report browser's Contenido filter. */
export const reportKinds = { report: 'report', dashboard: 'dashboard' } as const;
export const reportKindSchema = z.enum([reportKinds.report, reportKinds.dashboard]);
export type ReportKind = z.infer<typeof reportKindSchema>;

/** A report or dashboard as the browser lists it; `favorite` is for the requesting user. */
export const reportSchema = z.object({
  /** The BI service's id of the report (also its `accountElementId`). */
  id: z.string(),
  /** Stable portal id used in the viewer route `viewer/:uid`. */
  uId: z.string(),
  name: z.string(),
  kind: reportKindSchema,
  favorite: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

export const workspaceSchema = z.object({
  /** The BI service's id of the workspace (also its `accountElementId`). */
  id: z.string(),
  name: z.string(),
  reports: z.array(reportSchema),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** An integration account. The password is write-only: never returned. */
export const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  clientId: z.string(),
  description: z.string(),
  error: z.boolean(),
  message: z.string().nullable(),
  /** ISO time of the last successful sync (the Últ. Actual. column). */
  lastSyncAt: z.string().nullable(),
  workspaces: z.array(workspaceSchema),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.array(accountSchema);

/**
 * An account as a viewer's report browser shows it: no integration login, Application ID or sync
 * state, which only the administration screens use.
 */
export const viewerAccountSchema = accountSchema.pick({
  id: true,
  description: true,
  workspaces: true,
});
export type ViewerAccount = z.infer<typeof viewerAccountSchema>;
/** `GET account/{id}`: whole accounts for administrators, viewer accounts for everyone else. */
export const accountTreeSchema = z.array(z.union([accountSchema, viewerAccountSchema]));

/** `POST account`. */
export const createAccountRequestSchema = z.object({
  description: requiredString(limits.accountField),
  username: emailField(limits.accountField),
  password: requiredSecret(limits.accountField),
  clientId: requiredString(limits.accountField),
});
export type CreateAccountRequest = z.input<typeof createAccountRequestSchema>;

/** `PUT account`: `username` is sent but cannot change. */
export const updateAccountRequestSchema = createAccountRequestSchema.extend({ id: entityId });
export type UpdateAccountRequest = z.input<typeof updateAccountRequestSchema>;

/** `GET account/token/{id}` (administrators): a BI access token for that account. */
export const accountTokenSchema = z.object({
  accessToken: z.string(),
  /** ISO time at which the token expires. */
  expiration: z.string(),
});
export type AccountToken = z.infer<typeof accountTokenSchema>;
