/**
 * Workspaces (Power BI's groups) and what they hold: reports, dashboards and tiles, as
 * `GET …/groups`, `…/reports`, `…/dashboards` and `…/tiles` answer them. The fields a caller
 * reads are required; the rest of Power BI's answer is optional, since Power BI and the bundled
 * service differ in what else they send. Fields are in the order the bundled service writes them.
 */
import { z } from 'zod';

export const groupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    isReadOnly: z.boolean().optional(),
    isOnDedicatedCapacity: z.boolean().optional(),
    /** `Workspace` from the bundled service; Power BI has older kinds too. */
    type: z.string().optional(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

export const reportTypeSchema = z
  .enum(['PowerBIReport', 'PaginatedReport'])
  .meta({ id: 'ReportType' });
export type ReportType = z.infer<typeof reportTypeSchema>;

export const reportSchema = z
  .object({
    id: z.string(),
    reportType: reportTypeSchema.optional(),
    name: z.string(),
    embedUrl: z.string(),
    /** Absent for a paginated report of Power BI, which has no dataset of its own. */
    datasetId: z.string().optional(),
    /** Set when the report's dataset lives in another workspace. */
    datasetWorkspaceId: z.string().optional(),
    isFromPbix: z.boolean().optional(),
    isOwnedByMe: z.boolean().optional(),
    users: z.array(z.unknown()).optional(),
    subscriptions: z.array(z.unknown()).optional(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

/** Power BI's "Reports - Get Pages In Group": a page's name, shown name and position. */
export const reportPageSchema = z
  .object({ name: z.string(), displayName: z.string(), order: z.number().int() })
  .meta({ id: 'Page' });
export type ReportPage = z.infer<typeof reportPageSchema>;

export const dashboardSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    isReadOnly: z.boolean().optional(),
    embedUrl: z.string(),
    users: z.array(z.unknown()).optional(),
    subscriptions: z.array(z.unknown()).optional(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const tileSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    embedUrl: z.string(),
    embedData: z.string().optional(),
    rowSpan: z.number(),
    colSpan: z.number(),
    reportId: z.string().optional(),
    datasetId: z.string().optional(),
  })
  .meta({ id: 'Tile' });
export type Tile = z.infer<typeof tileSchema>;
