/** The active page's data for the view; reports `rendered` once the charts have painted. */
import { useEffect, useState } from 'react';
import type { VisualData } from '../state/page-data.ts';
import type { ReportViewState } from '../state/report-state.ts';
import type { ReportController } from './report-controller.ts';

interface Loaded {
  generation: number;
  data: Record<string, VisualData>;
}

export function usePageData(controller: ReportController, state: ReportViewState) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const load = controller.loader.loadFor(state);

  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    void load.promise.then((data) => {
      // Marks let benchmarks split query time from drawing time.
      performance.mark(`frame:data:${load.generation}`);
      if (!cancelled) setLoaded({ generation: load.generation, data });
    });
    return () => {
      cancelled = true;
    };
  }, [load]);

  useEffect(() => {
    if (!loaded) return;
    // Wait one frame so the charts have painted before the host hears `rendered`.
    const frame = requestAnimationFrame(() => controller.renderedFor(loaded.generation));
    return () => cancelAnimationFrame(frame);
  }, [loaded, controller]);

  return loaded?.data;
}
