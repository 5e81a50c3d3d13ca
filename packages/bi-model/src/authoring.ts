import { z } from 'zod';
import { datasetSchemaSchema } from './dataset.ts';
import { embedReportSchema, revisionRequestSchema } from './embed.ts';
import { reportDefinitionSchema } from './report.ts';

/**
 * Authoring shapes of the embed API (docs/bi-embed-api.md): what the frame sends to save, save
 * as and create, and the rights an embed token gives it. Rights come only from the token.
 */

export const accessLevelSchema = z.enum(['View', 'Edit', 'Create']).meta({ id: 'AccessLevel' });
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** What the embed token lets the frame do: edit and save (Edit), save as, create (Create). */
export const embedPermissionsSchema = z
  .object({ accessLevel: accessLevelSchema, allowSaveAs: z.boolean() })
  .meta({ id: 'EmbedPermissions' });
export type EmbedPermissions = z.infer<typeof embedPermissionsSchema>;

/** `GET /v1.0/embed/reports/{id}`: the report as the frame reads it, with the token's rights. */
export const embedReportAnswerSchema = embedReportSchema
  .extend({ permissions: embedPermissionsSchema })
  .meta({ id: 'EmbedReportAnswer' });
export type EmbedReportAnswer = z.infer<typeof embedReportAnswerSchema>;

/**
 * `POST /v1.0/embed/reports/{id}/revisions`: `baseRevision` is the revision the author started
 * from; when another save moved the report on since, the answer is 409 and nothing is stored.
 */
export const saveRevisionRequestSchema = revisionRequestSchema
  .extend({ baseRevision: z.number().int().min(1).optional() })
  .meta({ id: 'SaveRevisionRequest' });
export type SaveRevisionRequest = z.infer<typeof saveRevisionRequestSchema>;

const reportName = z.string().trim().min(1).max(200);

/** `POST /v1.0/embed/reports/{id}/saveAs`: a new report in the same workspace. */
export const saveAsRequestSchema = z
  .object({ name: reportName, definition: reportDefinitionSchema })
  .meta({ id: 'SaveAsRequest' });
export type SaveAsRequest = z.infer<typeof saveAsRequestSchema>;

/** `POST /v1.0/embed/reports`: a new report on a dataset, with a Create token. */
export const createReportRequestSchema = z
  .object({
    datasetId: z.string().min(1).max(100),
    name: reportName,
    definition: reportDefinitionSchema,
    /** Needed only when the token names more than one target workspace. */
    workspaceId: z.string().min(1).max(100).optional(),
  })
  .meta({ id: 'CreateReportRequest' });
export type CreateReportRequest = z.infer<typeof createReportRequestSchema>;

/**
 * Answer to save as and create. `accessToken` is an embed token like the caller's that also
 * covers the new report, so the frame goes on editing it without a round trip to the host.
 */
export const newReportResponseSchema = z
  .object({
    reportId: z.string(),
    name: z.string(),
    workspaceId: z.string(),
    revision: z.number().int(),
    accessToken: z.string(),
    expiration: z.string(),
  })
  .meta({ id: 'NewReportResponse' });
export type NewReportResponse = z.infer<typeof newReportResponseSchema>;

/** `GET /v1.0/embed/datasets/{id}`: what a create embed reads before the first save. */
export const embedDatasetAnswerSchema = z
  .object({
    datasetId: z.string(),
    dataset: datasetSchemaSchema,
    permissions: embedPermissionsSchema,
  })
  .meta({ id: 'EmbedDatasetAnswer' });
export type EmbedDatasetAnswer = z.infer<typeof embedDatasetAnswerSchema>;
