/**
 * The data a visual is drawn with: the results of its queries, fetched through the report's
 * QueryCache, and the visual's own code (ECharts for a chart no sketch draws), which arrives
 * beside them.
 */
import type { PageDefinition, QueryResult } from '../api/types.ts';
import { queriesForPageVisual, type QueryCache } from '../state/query-cache.ts';
import type { ReportViewState } from '../state/report-state.ts';
import { prepareVisual } from './use-chart-visuals.ts';

export interface VisualData {
  results: Record<string, QueryResult>;
  error?: string;
  /** A data visual with no field in its wells yet: nothing to ask, a hint to show instead. */
  needsFields?: boolean;
}

const asksNothing = (query: { groupBy?: unknown[]; measures?: unknown[] }) =>
  !query.groupBy?.length && !query.measures?.length;

export async function loadVisualData(
  cache: QueryCache,
  state: ReportViewState,
  page: PageDefinition,
  visualName: string,
  fullLength = false,
): Promise<VisualData> {
  const queries = queriesForPageVisual(state, page, visualName, fullLength);
  const visual = page.visuals.find((v) => v.name === visualName);
  const asked = Object.values(queries);
  if (asked.length > 0 && asked.every(asksNothing)) return { results: {}, needsFields: true };
  try {
    // The visual's code (ECharts, unless a sketch draws it first) arrives beside its rows.
    const [entries] = await Promise.all([
      Promise.all(
        Object.entries(queries).map(
          async ([name, query]) =>
            [name, await cache.run(state.report.datasetId, state.dataVersion, query)] as const,
        ),
      ),
      visual ? prepareVisual(visual) : undefined,
    ]);
    return { results: Object.fromEntries(entries) };
  } catch (error) {
    return { results: {}, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Starts the data of every visual of a page at once (one batch); each visual's promise settles as
 * soon as that visual can be drawn, so the view can draw it before the rest of the page is there.
 */
export function startPageData(
  cache: QueryCache,
  state: ReportViewState,
  page: PageDefinition,
): Map<string, Promise<VisualData>> {
  return new Map(
    page.visuals.map((visual) => [visual.name, loadVisualData(cache, state, page, visual.name)]),
  );
}

/** Every visual's data of a page; `fullLength` for print, where tables show all their rows. */
export async function loadPageData(
  cache: QueryCache,
  state: ReportViewState,
  page: PageDefinition,
  fullLength = false,
): Promise<Record<string, VisualData>> {
  const entries = await Promise.all(
    page.visuals.map(
      async (visual) =>
        [visual.name, await loadVisualData(cache, state, page, visual.name, fullLength)] as const,
    ),
  );
  return Object.fromEntries(entries);
}
