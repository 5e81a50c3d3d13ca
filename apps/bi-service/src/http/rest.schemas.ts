import { z } from 'zod';

/** Response shapes of the Power BI REST dialect (what presenters.ts builds). */
const guid = z.string();

export const groupSchema = z.object({
  id: guid,
  name: z.string(),
  isReadOnly: z.boolean(),
  isOnDedicatedCapacity: z.boolean(),
  type: z.literal('Workspace'),
});

export const reportSchema = z.object({
  id: guid,
  reportType: z.enum(['PowerBIReport', 'PaginatedReport']),
  name: z.string(),
  embedUrl: z.string(),
  datasetId: guid,
  datasetWorkspaceId: z.string(),
  isFromPbix: z.boolean(),
  isOwnedByMe: z.boolean(),
  users: z.array(z.unknown()),
  subscriptions: z.array(z.unknown()),
});

export const dashboardSchema = z.object({
  id: guid,
  displayName: z.string(),
  isReadOnly: z.boolean(),
  embedUrl: z.string(),
  users: z.array(z.unknown()),
  subscriptions: z.array(z.unknown()),
});

export const tileSchema = z.object({
  id: guid,
  title: z.string(),
  embedUrl: z.string(),
  embedData: z.string(),
  rowSpan: z.number(),
  colSpan: z.number(),
  reportId: guid,
  datasetId: guid,
});

export const datasetSchema = z.object({
  id: guid,
  name: z.string(),
  configuredBy: z.string(),
  isRefreshable: z.boolean(),
  isEffectiveIdentityRequired: z.boolean(),
  isEffectiveIdentityRolesRequired: z.boolean(),
  isOnPremGatewayRequired: z.boolean(),
  addRowsAPIEnabled: z.boolean(),
  targetStorageMode: z.string(),
  createReportEmbedURL: z.string(),
  qnaEmbedURL: z.string(),
});

/** Power BI wraps every list in `{ value: [...] }`. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ value: z.array(item) });

export const embedTokenSchema = z.object({
  token: z.string(),
  tokenId: z.string(),
  expiration: z.string(),
});

export const groupParams = z.object({ groupId: z.string() });
export const reportParams = groupParams.extend({ reportId: z.string() });
export const dashboardParams = groupParams.extend({ dashboardId: z.string() });
export const tileParams = dashboardParams.extend({ tileId: z.string() });
export const datasetParams = groupParams.extend({ datasetId: z.string() });
