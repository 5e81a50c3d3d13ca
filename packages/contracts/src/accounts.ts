import { z } from 'zod';
import { emailField, entityId, requiredSecret, requiredString } from './fields.ts';
import { limits } from './limits.ts';
import { maxLengthMessage, validationMessages } from './messages.ts';

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

/** `MasterUser`: username + password (ROPC). `ServicePrincipal`: client credentials. */
export const authTypes = {
  masterUser: 'MasterUser',
  servicePrincipal: 'ServicePrincipal',
} as const;
export const authTypeSchema = z.enum([authTypes.masterUser, authTypes.servicePrincipal], {
  error: validationMessages.unknownOption,
});
export type AuthType = z.infer<typeof authTypeSchema>;

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
  /**
   * Issue 15's fields, always sent by this server; optional so clients and test doubles written
   * against the spec's account (without them) stay valid. Absent `authType` means `MasterUser`.
   */
  authType: authTypeSchema.optional(),
  /** Entra tenant of a service principal (GUID or domain); null for master users. */
  tenantId: z.string().nullable().optional(),
  /** ISO date the client secret or certificate expires, when the administrator entered it. */
  secretExpiresAt: z.string().nullable().optional(),
  /** Spanish warnings for the accounts table (ROPC and MFA, a secret close to expiry). */
  warnings: z.array(z.string()).optional(),
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

/** A PEM text: line breaks allowed (unlike every other field), other control characters not. */
const pemField = z
  .string({ error: validationMessages.wrongType })
  .min(1, validationMessages.required)
  .max(limits.certificatePem, maxLengthMessage(limits.certificatePem))
  .regex(
    // eslint-disable-next-line no-control-regex
    /^[^\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]*$/,
    validationMessages.invalidCharacters,
  );

const accountRequestFields = z.object({
  description: requiredString(limits.accountField),
  /** An e-mail for master users; a free label for service principals. */
  username: requiredString(limits.accountField),
  /** Master user's password or service principal's client secret (write-only). */
  password: requiredSecret(limits.accountField).optional(),
  clientId: requiredString(limits.accountField),
  authType: authTypeSchema.default(authTypes.masterUser),
  tenantId: requiredString(limits.accountField).optional(),
  /** PEM with the private key and the certificate, instead of a client secret. */
  certificate: pemField.optional(),
  /** ISO date (YYYY-MM-DD) the secret or certificate expires, when known. */
  secretExpiresAt: z.iso.date({ error: validationMessages.wrongType }).nullable().optional(),
});

const emailOnly = emailField(limits.accountField);

/** The spec's rules for master users; tenant and secret or certificate for service principals. */
function accountRules(input: z.output<typeof accountRequestFields>, context: z.RefinementCtx) {
  const required = (path: string) =>
    context.addIssue({ code: 'custom', path: [path], message: validationMessages.required });
  if (input.authType === authTypes.masterUser) {
    const email = emailOnly.safeParse(input.username);
    if (!email.success) {
      context.addIssue({ code: 'custom', path: ['username'], message: validationMessages.email });
    }
    if (input.password === undefined) required('password');
    return;
  }
  if (input.tenantId === undefined) required('tenantId');
  if (input.password === undefined && input.certificate === undefined) required('password');
}

/** `POST account`: the spec's four fields for master users (`authType` defaults to it). */
export const createAccountRequestSchema = accountRequestFields.superRefine(accountRules);
export type CreateAccountRequest = z.input<typeof createAccountRequestSchema>;

/** `PUT account`: `username` is sent but cannot change. */
export const updateAccountRequestSchema = accountRequestFields
  .extend({ id: entityId })
  .superRefine(accountRules);
export type UpdateAccountRequest = z.input<typeof updateAccountRequestSchema>;

/** `GET account/token/{id}` (administrators): a BI access token for that account. */
export const accountTokenSchema = z.object({
  accessToken: z.string(),
  /** ISO time at which the token expires. */
  expiration: z.string(),
});
export type AccountToken = z.infer<typeof accountTokenSchema>;
