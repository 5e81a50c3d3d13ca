/**
 * Starts the active page's queries the moment the state changes (before React re-renders), and
 * hands the same promises to the view, so no time is lost between a change and its queries.
 */
import type { PageDefinition } from '../api/types.ts';
import type { QueryCache } from '../state/query-cache.ts';
import { startPageData, type VisualData } from '../visuals/visual-data.ts';
import type { ReportViewState } from '../state/report-state.ts';

export interface PageLoad {
  key: string;
  generation: number;
  /** The page as it was when its queries started: what each visual's data answers. */
  page: PageDefinition;
  /** Each visual's data, settling as soon as that visual can be drawn. */
  visuals: Map<string, Promise<VisualData>>;
}

/** Everything a page's data and look depend on; a change means a new render. */
function renderKey(state: ReportViewState): string {
  return JSON.stringify([
    state.activePage,
    // The editor changes the page's visuals (fields, types) without changing anything else.
    state.report.definition.pages.find((p) => p.name === state.activePage)?.visuals,
    state.reportFilters,
    state.pageFilters[state.activePage],
    state.visualFilters,
    state.slicerFilters,
    state.selection,
    state.sorts,
    state.drill,
    state.dataVersion,
    state.theme,
    state.settings,
    state.spotlight,
    state.presentation,
  ]);
}

export class PageLoader {
  private current: PageLoad | null = null;
  private generation = 0;
  private readonly cache: QueryCache;

  constructor(cache: QueryCache) {
    this.cache = cache;
  }

  /** The load for this state: the running one when nothing relevant changed, else a new one. */
  loadFor(state: ReportViewState): PageLoad | null {
    const page = state.report.definition.pages.find((p) => p.name === state.activePage);
    if (!page || !state.renderRequested) return null;
    const key = renderKey(state);
    if (this.current?.key !== key) {
      this.generation += 1;
      performance.mark(`frame:queries:${this.generation}`);
      this.current = {
        key,
        generation: this.generation,
        page,
        visuals: startPageData(this.cache, state, page),
      };
    }
    return this.current;
  }
}
