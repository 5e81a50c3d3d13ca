import { api } from '../../../lib/api.ts';
import type { CreateEmbed } from '../../../lib/models.ts';

/** A Create token and the create page URL for one dataset (administrators only). */
export const fetchCreateEmbed = (accountId: number, workspaceId: string, datasetId: string) =>
  api.get<CreateEmbed>(
    `authoring/account/${accountId}/workspace/${encodeURIComponent(workspaceId)}/dataset/${encodeURIComponent(datasetId)}/create`,
  );
