import { z } from 'zod';

/**
 * Response shapes of the embed API (docs/bi-embed-api.md). Definitions and dataset schemas are
 * passed through as stored; their own schemas belong to the shared BI contract.
 */
export const reportParams = z.object({ reportId: z.string() });
export const dashboardParams = z.object({ dashboardId: z.string() });
export const datasetParams = z.object({ datasetId: z.string().min(1).max(100) });

export const embeddedReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  datasetId: z.string(),
  reportType: z.enum(['PowerBIReport', 'PaginatedReport']),
  revision: z.number().int(),
  definition: z.unknown(),
  dataset: z.object({
    id: z.string(),
    name: z.string(),
    tables: z.array(z.looseObject({ name: z.string() })),
  }),
});

/** A saved definition: an object; report kinds need pages, paginated ones columns. */
export const revisionBody = z.object({
  definition: z.union([
    z.looseObject({ pages: z.array(z.looseObject({ name: z.string() })).min(1) }),
    z.looseObject({ title: z.string(), columns: z.array(z.unknown()).min(1) }),
  ]),
});

export const revisionSchema = z.object({ revision: z.number().int() });

export const embeddedDashboardSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  tiles: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      reportId: z.string(),
      datasetId: z.string(),
      pageName: z.string(),
      visualName: z.string(),
      row: z.number(),
      col: z.number(),
      rowSpan: z.number(),
      colSpan: z.number(),
    }),
  ),
});

export const queryResultSchema = z.object({
  columns: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['string', 'integer', 'number', 'date', 'boolean']),
      format: z.string().optional(),
    }),
  ),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  truncated: z.boolean(),
});

export const qnaAnswerSchema = z.object({
  query: z.looseObject({}),
  visualType: z.string(),
  title: z.string(),
});

/** CSV text (text/csv). */
export const csvSchema = z.string();
