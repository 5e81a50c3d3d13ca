/** Runs every query of a page's visuals in parallel, reusing results for identical queries. */
import type { BiClient } from '../api/bi-client.ts';
import type { PageDefinition, Query, QueryResult } from '../api/types.ts';
import { queriesForVisual } from '../query/visual-queries.ts';
import { visualKey, type ReportViewState } from './report-state.ts';
import { filtersForVisual } from './visual-filters.ts';

export interface VisualData {
  results: Record<string, QueryResult>;
  error?: string;
}

const MAX_CACHED = 300;

export class QueryCache {
  private readonly entries = new Map<string, Promise<QueryResult>>();
  private readonly client: BiClient;

  constructor(client: BiClient) {
    this.client = client;
  }

  run(datasetId: string, version: number, query: Query): Promise<QueryResult> {
    const key = `${datasetId}|${version}|${JSON.stringify(query)}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = this.client.query(datasetId, query);
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
      const oldest = this.entries.keys().next();
      if (this.entries.size > MAX_CACHED && !oldest.done) this.entries.delete(oldest.value);
    }
    return entry;
  }
}

export function queriesForPageVisual(
  state: ReportViewState,
  page: PageDefinition,
  visualName: string,
) {
  const visual = page.visuals.find((v) => v.name === visualName);
  if (!visual) return {};
  const key = visualKey(page.name, visual.name);
  return queriesForVisual({
    visual,
    schema: state.report.dataset,
    filters: filtersForVisual(state, page.name, visual),
    sort: state.sorts[key],
    drillDepth: state.drill[key]?.depth ?? 0,
  });
}

export async function loadVisualData(
  cache: QueryCache,
  state: ReportViewState,
  page: PageDefinition,
  visualName: string,
): Promise<VisualData> {
  const queries = queriesForPageVisual(state, page, visualName);
  try {
    const entries = await Promise.all(
      Object.entries(queries).map(
        async ([name, query]) =>
          [name, await cache.run(state.report.datasetId, state.dataVersion, query)] as const,
      ),
    );
    return { results: Object.fromEntries(entries) };
  } catch (error) {
    return { results: {}, error: error instanceof Error ? error.message : String(error) };
  }
}

export async function loadPageData(
  cache: QueryCache,
  state: ReportViewState,
  page: PageDefinition,
): Promise<Record<string, VisualData>> {
  const entries = await Promise.all(
    page.visuals.map(
      async (visual) =>
        [visual.name, await loadVisualData(cache, state, page, visual.name)] as const,
    ),
  );
  return Object.fromEntries(entries);
}
