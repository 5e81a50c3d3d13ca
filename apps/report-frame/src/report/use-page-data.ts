/** Loads the active page's data whenever something that affects it changes; reports `rendered` after commit. */
import { useEffect, useMemo, useState } from 'react';
import type { PageDefinition } from '../api/types.ts';
import { loadPageData, type VisualData } from '../state/page-data.ts';
import type { ReportViewState } from '../state/report-state.ts';
import type { ReportController } from './report-controller.ts';

interface Loaded {
  key: string;
  generation: number;
  data: Record<string, VisualData>;
}

export function usePageData(
  controller: ReportController,
  state: ReportViewState,
  page: PageDefinition | undefined,
) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = useMemo(
    () =>
      JSON.stringify([
        state.activePage,
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
      ]),
    [state],
  );

  useEffect(() => {
    if (!page || !state.renderRequested) return;
    let cancelled = false;
    const generation = controller.nextGeneration();
    void loadPageData(controller.cache, controller.store.get(), page).then((data) => {
      if (!cancelled) setLoaded({ key, generation, data });
    });
    return () => {
      cancelled = true;
    };
    // `key` stands for every state field the data depends on.
  }, [key, page, state.renderRequested, controller]);

  useEffect(() => {
    if (!loaded) return;
    // Wait one frame so the charts have painted before the host hears `rendered`.
    const frame = requestAnimationFrame(() => controller.renderedFor(loaded.generation));
    return () => cancelAnimationFrame(frame);
  }, [loaded, controller]);

  return loaded?.data;
}
