/** Bodies of the embed API calls (docs/bi-embed-api.md, "Calls") that are not definitions. */
import { ExportDataType } from '@vitrina/embed-sdk/protocol';
import { z } from 'zod';
import { datasetSchemaSchema } from './dataset.ts';
import { paginatedDefinitionSchema } from './paginated.ts';
import { querySchema } from './query.ts';
import { reportDefinitionSchema } from './report.ts';
import { reportTypeSchema } from './rest/workspaces.ts';
import { visualTypeSchema } from './visual-types.ts';

export const anyDefinitionSchema = z.union([reportDefinitionSchema, paginatedDefinitionSchema]);
export type AnyDefinition = z.infer<typeof anyDefinitionSchema>;

export const embedReportSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    datasetId: z.string(),
    reportType: reportTypeSchema,
    revision: z.number().int(),
    definition: anyDefinitionSchema,
    dataset: datasetSchemaSchema,
  })
  .meta({ id: 'EmbedReport' });
export type EmbedReport = z.infer<typeof embedReportSchema>;

/**
 * The query string of `GET /v1.0/embed/reports/{id}`. `startPage`: the frame is about to show
 * that page (empty: the report's opening page) with the report's own filters, so the service
 * starts its queries now (decision 0217). Left out when the load brings filters or a bookmark.
 */
export const embedReportQuerySchema = z
  .object({ startPage: z.string().max(200).optional() })
  .meta({ id: 'EmbedReportQuery' });
export type EmbedReportQuery = z.infer<typeof embedReportQuerySchema>;

export const dashboardTileSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    reportId: z.string(),
    datasetId: z.string(),
    pageName: z.string(),
    visualName: z.string(),
    row: z.number().int(),
    col: z.number().int(),
    rowSpan: z.number().int(),
    colSpan: z.number().int(),
  })
  .meta({ id: 'DashboardTile' });
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

export const embedDashboardSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    tiles: z.array(dashboardTileSchema).describe("a tile token's answer holds its tile only"),
  })
  .meta({ id: 'EmbedDashboard' });
export type EmbedDashboard = z.infer<typeof embedDashboardSchema>;

export const exportRequestSchema = z
  .object({
    query: querySchema.describe('what the visual shows (summarized) ...'),
    exportDataType: z
      .literal([ExportDataType.Summarized, ExportDataType.Underlying])
      .describe('0 summarized, 1 underlying (rows of the fact table, same filters)'),
    rows: z.number().int().min(1).optional().describe('row limit'),
    locale: z
      .string()
      .max(35)
      .optional()
      .describe("the report's locale: es → `;` and decimal commas; en or none → `,` and `.`"),
  })
  .meta({ id: 'ExportRequest' });
export type ExportRequest = z.input<typeof exportRequestSchema>;

export const qnaRequestSchema = z
  .object({ question: z.string().trim().min(1).max(500) })
  .meta({ id: 'QnaRequest' });
export type QnaRequest = z.infer<typeof qnaRequestSchema>;

export const qnaVisualTypeSchema = visualTypeSchema.extract([
  'card',
  'clusteredBarChart',
  'clusteredColumnChart',
  'lineChart',
  'stackedColumnChart',
]);

export const qnaAnswerSchema = z
  .object({ query: querySchema, visualType: qnaVisualTypeSchema, title: z.string() })
  .meta({ id: 'QnaAnswer' });
export type QnaAnswer = z.infer<typeof qnaAnswerSchema>;

export const revisionRequestSchema = z
  .object({ definition: anyDefinitionSchema })
  .meta({ id: 'RevisionRequest' });
export type RevisionRequest = z.infer<typeof revisionRequestSchema>;

export const revisionResponseSchema = z
  .object({ revision: z.number().int() })
  .meta({ id: 'RevisionResponse' });
export type RevisionResponse = z.infer<typeof revisionResponseSchema>;
