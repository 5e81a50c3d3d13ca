/**
 * The active page's data for the view, visual by visual as each one's rows arrive; reports
 * `rendered` once every visual of the page has been drawn.
 */
import { useEffect, useState } from 'react';
import type { QueryResult, VisualDefinition } from '../api/types.ts';
import type { VisualData } from '../visuals/visual-data.ts';
import { startChartTakeover, useChartsAwaitingECharts } from '../visuals/chart-takeover.ts';
import type { ReportViewState } from '../state/report-state.ts';
import type { PageLoad } from './page-loader.ts';
import type { ReportController } from './report-controller.ts';

interface Shown {
  generation: number;
  pageName: string;
  data: Record<string, VisualData>;
  /**
   * Each visual's definition as it was when its data was asked for: a visual is drawn with it, so
   * a field dropped in the editor leaves the previous drawing until the new query's rows arrive,
   * rather than drawing the old rows as if they answered the new fields.
   */
  drawnAs: Record<string, VisualDefinition>;
  /** Every visual of this generation has its data. */
  complete: boolean;
}

const sameResult = (a: QueryResult, b: QueryResult | undefined): boolean =>
  a === b || (b !== undefined && JSON.stringify(a) === JSON.stringify(b));

/**
 * True when `next` draws exactly what `shown` draws: the same rows for every query, no new error.
 * Rows compared as text cost far less than the redraw they spare (a chart's ECharts option).
 */
function sameData(shown: VisualData | undefined, next: VisualData): boolean {
  if (!shown || shown.error !== next.error || shown.needsFields !== next.needsFields) return false;
  const names = Object.keys(next.results);
  return (
    names.length === Object.keys(shown.results).length &&
    names.every((name) => sameResult(next.results[name]!, shown.results[name]))
  );
}

/**
 * Adds one visual's data; until theirs arrive, the page's other visuals keep what they show. A
 * visual whose rows did not change (a filter that does not reach it, a token renewal) keeps its
 * data object, so its memoised container is not redrawn.
 */
function withVisual(
  shown: Shown | null,
  load: PageLoad,
  name: string,
  data: VisualData,
  complete: boolean,
): Shown {
  const kept: Pick<Shown, 'data' | 'drawnAs'> =
    shown?.pageName === load.page.name ? shown : { data: {}, drawnAs: {} };
  const definition = load.page.visuals.find((visual) => visual.name === name);
  const previous = kept.data[name];
  const unchanged = sameData(previous, data) && kept.drawnAs[name] === definition;
  return {
    generation: load.generation,
    pageName: load.page.name,
    data: { ...kept.data, [name]: unchanged ? previous! : data },
    drawnAs: definition ? { ...kept.drawnAs, [name]: definition } : kept.drawnAs,
    complete,
  };
}

export function usePageData(controller: ReportController, state: ReportViewState) {
  const [shown, setShown] = useState<Shown | null>(null);
  const load = controller.loader.loadFor(state);

  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    let waiting = load.visuals.size;
    // Marks let benchmarks split query time from drawing time.
    const done = () => performance.mark(`frame:data:${load.generation}`);
    if (waiting === 0) {
      done();
      setShown({
        generation: load.generation,
        pageName: load.page.name,
        data: {},
        drawnAs: {},
        complete: true,
      });
    }
    for (const [name, promise] of load.visuals) {
      void promise.then((data) => {
        if (cancelled) return;
        if (waiting === load.visuals.size) performance.mark(`frame:first-data:${load.generation}`);
        waiting -= 1;
        const complete = waiting === 0;
        if (complete) done();
        setShown((current) => withVisual(current, load, name, data, complete));
      });
    }
    return () => {
      cancelled = true;
    };
  }, [load]);

  // A chart no sketch could draw is drawn once ECharts is here: `rendered` waits for it.
  const awaitingECharts = useChartsAwaitingECharts();
  useEffect(() => {
    if (!shown?.complete || awaitingECharts > 0) return;
    // Wait one frame so the charts have painted before the host hears `rendered`.
    const frame = requestAnimationFrame(() => {
      controller.renderedFor(shown.generation);
      startChartTakeover();
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, controller, awaitingECharts]);

  return shown;
}
