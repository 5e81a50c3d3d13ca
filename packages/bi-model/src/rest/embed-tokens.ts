/**
 * GenerateToken: what a caller asks for (per report, dashboard or tile, a create token on a
 * dataset, or the multi-resource call) and the embed token it gets back.
 */
import { z } from 'zod';

/** The token's access level, as GenerateToken's `accessLevel` names it. */
export const accessLevelSchema = z.enum(['View', 'Edit', 'Create']).meta({ id: 'AccessLevel' });
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** `accessLevel` in a GenerateToken body: Power BI takes it in any letter case. */
const requestedAccessLevel = z.codec(z.string(), accessLevelSchema, {
  // Unknown names go through unchanged, so the enum names them in its error.
  decode: (value) =>
    accessLevelSchema.options.find((level) => level.toLowerCase() === value.toLowerCase()) ??
    (value as AccessLevel),
  encode: (level) => level,
});

/** Power BI's per-request limit on reports, datasets and target workspaces in one token. */
export const MAX_TOKEN_RESOURCES = 50;

/** An effective identity (row-level security) for the datasets it names. */
export const effectiveIdentitySchema = z
  .object({
    username: z.string().min(1).max(256),
    roles: z.array(z.string().min(1)).optional(),
    datasets: z.array(z.string().min(1)).min(1),
    reports: z.array(z.string()).optional(),
    customData: z.string().optional(),
  })
  .meta({ id: 'EffectiveIdentity' });
export type EffectiveIdentity = z.infer<typeof effectiveIdentitySchema>;

const lifetimeInMinutes = z.number().int().positive().optional();

/** Body of `POST …/reports/{id}/GenerateToken` (and of dashboards and tiles). */
export const generateTokenRequestSchema = z
  .object({
    accessLevel: requestedAccessLevel.optional(),
    allowSaveAs: z.boolean().optional(),
    datasetId: z.string().optional(),
    identities: z.array(effectiveIdentitySchema).optional(),
    lifetimeInMinutes,
  })
  .meta({ id: 'GenerateTokenRequest' });
export type GenerateTokenRequest = z.infer<typeof generateTokenRequestSchema>;

/** Body of `POST …/groups/{g}/reports/GenerateToken`: a token to create a report on a dataset. */
export const createReportTokenRequestSchema = z
  .object({
    accessLevel: requestedAccessLevel.pipe(z.literal('Create')),
    datasetId: z.string().min(1),
    allowSaveAs: z.boolean().optional(),
    identities: z.array(effectiveIdentitySchema).optional(),
    lifetimeInMinutes,
  })
  .meta({ id: 'CreateReportTokenRequest' });
export type CreateReportTokenRequest = z.infer<typeof createReportTokenRequestSchema>;

const resources = <T extends z.ZodType>(item: T) =>
  z.array(item).max(MAX_TOKEN_RESOURCES).default([]);

/** Body of the multi-resource `POST /v1.0/myorg/GenerateToken`. */
export const multiResourceTokenRequestSchema = z
  .object({
    reports: resources(z.object({ id: z.string().min(1), allowEdit: z.boolean().optional() })),
    datasets: resources(
      z.object({ id: z.string().min(1), xmlaPermissions: z.string().optional() }),
    ),
    targetWorkspaces: resources(z.object({ id: z.string().min(1) })),
    identities: z.array(effectiveIdentitySchema).optional(),
    lifetimeInMinutes,
  })
  .meta({ id: 'MultiResourceTokenRequest' });
export type MultiResourceTokenRequest = z.input<typeof multiResourceTokenRequestSchema>;

/** Every GenerateToken's answer. `expiration` is an ISO 8601 time. */
export const embedTokenSchema = z
  .object({ token: z.string(), tokenId: z.string(), expiration: z.iso.datetime({ offset: true }) })
  .meta({ id: 'EmbedToken' });
export type EmbedToken = z.infer<typeof embedTokenSchema>;
