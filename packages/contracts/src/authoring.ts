import { z } from 'zod';
import { biGuidParam, entityId, idParam, requiredString } from './fields.ts';
import { limits } from './limits.ts';
import { viewerReportSchema } from './viewer.ts';

/**
 * Authoring from the portal (administrators only, beyond the portal spec): an edit token for a
 * report, the datasets of a workspace, a create token, and the saved report brought in.
 */

/** `GET viewer/report/{uid}/edit`: the viewer's answer with an Edit token, and its account. */
export const editReportSchema = viewerReportSchema.extend({ accountId: z.number().int() });
export type EditReport = z.infer<typeof editReportSchema>;

/** Path `authoring/account/{id}/workspace/{workspaceId}/…`. */
export const authoringWorkspaceParamsSchema = z.object({ id: idParam, workspaceId: biGuidParam });

/** Path `…/dataset/{datasetId}/create`. */
export const authoringDatasetParamsSchema = authoringWorkspaceParamsSchema.extend({
  datasetId: biGuidParam,
});

export const authoringDatasetSchema = z.object({ id: z.string(), name: z.string() });
export type AuthoringDataset = z.infer<typeof authoringDatasetSchema>;
export const authoringDatasetListSchema = z.array(authoringDatasetSchema);

/** What the web needs to open a create embed (the SDK's `createReport`). */
export const createEmbedSchema = z.object({
  accessToken: z.string(),
  datasetId: z.string(),
  groupId: z.string(),
  embedUrl: z.string(),
  /** ISO time at which `accessToken` expires. */
  expiration: z.string(),
});
export type CreateEmbed = z.infer<typeof createEmbedSchema>;

/**
 * `POST authoring/saved-report`: after a save or save as, the report the frame's `saved` event
 * named (`reportObjectId`), in the workspace it was saved into. The portal reads that one report
 * from the BI service; the account is not synced.
 */
export const savedReportRequestSchema = z.object({
  accountId: entityId,
  workspaceId: biGuidParam,
  reportId: biGuidParam,
});
export type SavedReportRequest = z.infer<typeof savedReportRequestSchema>;

/** `PATCH authoring/report/{uid}`: the report's new name (administrators, decision 0238). */
export const renameReportSchema = z.object({ name: requiredString(limits.reportName) });
export type RenameReport = z.infer<typeof renameReportSchema>;
