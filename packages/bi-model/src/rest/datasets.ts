/** Datasets as `GET …/groups/{g}/datasets` and `…/datasets/{id}` answer them. */
import { z } from 'zod';

/** An absent flag means false (Power BI leaves some out); the bundled service sends them all. */
export const datasetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    configuredBy: z.string().optional(),
    /** True for a dataset with a source to copy in again (the bundled service: PostgreSQL). */
    isRefreshable: z.boolean().optional(),
    /** True when an embed token for it needs an effective identity (row-level security). */
    isEffectiveIdentityRequired: z.boolean().optional(),
    isEffectiveIdentityRolesRequired: z.boolean().optional(),
    /**
     * Vitrina extension: the names of the dataset's row-level-security roles. Power BI keeps them
     * in the model and has no REST call for them; absent there.
     */
    rlsRoles: z.array(z.string()).optional(),
    isOnPremGatewayRequired: z.boolean().optional(),
    /** True for a push dataset (filled through PostRows). */
    addRowsAPIEnabled: z.boolean().optional(),
    targetStorageMode: z.string().optional(),
    /** The page that opens a create embed (a new report) on the dataset. */
    createReportEmbedURL: z.string(),
    qnaEmbedURL: z.string().optional(),
  })
  .meta({ id: 'Dataset' });
export type Dataset = z.infer<typeof datasetSchema>;
