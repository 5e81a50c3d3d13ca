/**
 * Authoring calls of the embed API (issue 13): what an embed token lets the frame do, saving a
 * revision against the revision it was based on, saving as a new report, and creating a report
 * on a dataset. The frame is the client; the BI service answers.
 */
import { z } from 'zod';
import { datasetSchemaSchema } from './dataset.ts';
import { embedReportSchema } from './embed.ts';
import { reportDefinitionSchema } from './report.ts';
import { accessLevelSchema } from './rest/embed-tokens.ts';

/** What the embed token grants; the frame offers edit mode and save as only when granted. */
export const embedAccessSchema = z
  .object({
    accessLevel: accessLevelSchema,
    allowSaveAs: z.boolean().optional().describe('true when the token allows save as'),
  })
  .meta({ id: 'EmbedAccess' });
export type EmbedAccess = z.infer<typeof embedAccessSchema>;

/** `GET /v1.0/embed/reports/{id}` with the token's grants (absent: view only). */
export const authoringReportSchema = embedReportSchema
  .extend({ access: embedAccessSchema.optional() })
  .meta({ id: 'AuthoringReport' });
export type AuthoringReport = z.infer<typeof authoringReportSchema>;

/**
 * `POST /v1.0/embed/reports/{id}/revisions`: the revision the edit started from travels along,
 * so a save over someone else's newer revision answers 409 (code `ReportRevisionConflict`).
 */
export const saveRevisionRequestSchema = z
  .object({
    definition: reportDefinitionSchema,
    baseRevision: z.number().int().optional().describe('the revision the edit started from'),
  })
  .meta({ id: 'SaveRevisionRequest' });
export type SaveRevisionRequest = z.infer<typeof saveRevisionRequestSchema>;

/**
 * `POST /v1.0/embed/reports/{id}/saveAs` (token with Create or allowSaveAs) and
 * `POST /v1.0/embed/datasets/{id}/reports` (token with Create on that dataset): a new report in
 * the token's workspace holding `definition` as revision 1.
 */
export const newReportRequestSchema = z
  .object({ name: z.string().trim().min(1).max(200), definition: reportDefinitionSchema })
  .meta({ id: 'NewReportRequest' });
export type NewReportRequest = z.infer<typeof newReportRequestSchema>;

/** The answer to both: the new report, which the same token may then load and save. */
export const savedReportSchema = embedReportSchema
  .pick({ id: true, name: true, datasetId: true, revision: true })
  .meta({ id: 'SavedReport' });
export type SavedReport = z.infer<typeof savedReportSchema>;

/** `GET /v1.0/embed/datasets/{id}`: what a create embed needs to build a report on a dataset. */
export const embedDatasetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    dataset: datasetSchemaSchema,
    access: embedAccessSchema.optional(),
  })
  .meta({ id: 'EmbedDataset' });
export type EmbedDataset = z.infer<typeof embedDatasetSchema>;
