/**
 * Export data: the visual's own query (summarized) or the fact rows behind it (underlying), as
 * CSV in the report's locale (the BI service writes `;` and decimal commas for Spanish).
 */
import type { BiClient } from '../api/bi-client.ts';
import type { ExportRequest, PageDefinition, VisualDefinition } from '../api/types.ts';
import { queriesForPageVisual } from '../state/query-cache.ts';
import type { ReportViewState } from '../state/report-state.ts';

const MAIN_QUERY_NAMES = ['main', 'rows', 'points', 'totals', 'values', 'range'];

/** Excel opens a CSV as UTF-8 only when it starts with a byte order mark (else "Perú" garbles). */
const UTF8_BOM = '\uFEFF';

export interface ExportOptions {
  exportDataType: 0 | 1;
  rows: number | undefined;
  locale: string;
}

export async function exportVisualCsv(
  state: ReportViewState,
  client: BiClient,
  page: PageDefinition,
  visual: VisualDefinition,
  { exportDataType, rows, locale }: ExportOptions,
): Promise<string> {
  const queries = queriesForPageVisual(state, page, visual.name);
  const name =
    MAIN_QUERY_NAMES.find((n) => queries[n]) ??
    `rows${(visual.fields.category ?? []).length}+columns`;
  const query = queries[name] ?? queries[`rows${(visual.fields.category ?? []).length}`];
  if (!query) throw new Error(`The visual ${visual.name} has no data to export`);
  const request: ExportRequest = { query, exportDataType, locale };
  if (rows !== undefined) request.rows = rows;
  return client.exportCsv(state.report.datasetId, request);
}

/** The CSV file a browser downloads: the text behind a byte order mark. */
export function csvFile(csv: string): Blob {
  return new Blob([UTF8_BOM, csv], { type: 'text/csv;charset=utf-8' });
}

/** The "Export data" menu item: the summarized CSV, handed to the browser as a download. */
export async function downloadVisualCsv(
  state: ReportViewState,
  client: BiClient,
  visual: VisualDefinition,
  locale: string,
): Promise<void> {
  const page = state.report.definition.pages.find((p) => p.name === state.activePage);
  if (!page) return;
  const csv = await exportVisualCsv(state, client, page, visual, {
    exportDataType: 0,
    rows: undefined,
    locale,
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(csvFile(csv));
  link.download = `${visual.title ?? visual.name}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}
