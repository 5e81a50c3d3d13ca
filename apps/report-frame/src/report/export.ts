/** Export data: the visual's own query (summarized) or the fact rows behind it (underlying), as CSV. */
import type { BiClient } from '../api/bi-client.ts';
import type { ExportRequest, PageDefinition, VisualDefinition } from '../api/types.ts';
import { queriesForPageVisual } from '../state/query-cache.ts';
import type { ReportViewState } from '../state/report-state.ts';

const MAIN_QUERY_NAMES = ['main', 'rows', 'points', 'totals', 'values', 'range'];

export async function exportVisualCsv(
  state: ReportViewState,
  client: BiClient,
  page: PageDefinition,
  visual: VisualDefinition,
  exportDataType: 0 | 1,
  rows: number | undefined,
): Promise<string> {
  const queries = queriesForPageVisual(state, page, visual.name);
  const name =
    MAIN_QUERY_NAMES.find((n) => queries[n]) ??
    `rows${(visual.fields.category ?? []).length}+columns`;
  const query = queries[name] ?? queries[`rows${(visual.fields.category ?? []).length}`];
  if (!query) throw new Error(`The visual ${visual.name} has no data to export`);
  const request: ExportRequest = { query, exportDataType };
  if (rows !== undefined) request.rows = rows;
  return client.exportCsv(state.report.datasetId, request);
}

/** The "Export data" menu item: the same CSV, handed to the browser as a download. */
export async function downloadVisualCsv(
  state: ReportViewState,
  client: BiClient,
  visual: VisualDefinition,
): Promise<void> {
  const page = state.report.definition.pages.find((p) => p.name === state.activePage);
  if (!page) return;
  const csv = await exportVisualCsv(state, client, page, visual, 0, undefined);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = `${visual.title ?? visual.name}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}
