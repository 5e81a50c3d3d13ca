/**
 * When ECharts replaces the sketches (decision 0328). A page's charts are first drawn as sketches,
 * without ECharts; once the page is rendered, ECharts' chunk is fetched in an idle moment, and
 * then each sketched chart hands over to ECharts in an idle moment of its own, so that no long
 * task stands in the way of the reader. A chart the pointer reaches hands over at once (its
 * tooltip). A chart a sketch cannot draw waits for ECharts, and so does the page's `rendered`.
 */
import { useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { chartVisualsLoaded, loadChartVisuals, type ChartVisuals } from './use-chart-visuals.ts';

type Wake = () => void;

/** Sketched charts still waiting for ECharts, in the order they were drawn. */
const sketched = new Set<Wake>();
/** Charts with no sketch, drawn only once ECharts is here: `rendered` waits for them. */
let blocked = 0;
const blockedListeners = new Set<() => void>();
let started = false;

const whenIdle = (then: () => void) =>
  'requestIdleCallback' in window
    ? requestIdleCallback(then, { timeout: 1_000 })
    : setTimeout(then, 50);

function handOverNext(): void {
  const [next] = sketched;
  if (!next) {
    started = false;
    return;
  }
  sketched.delete(next);
  next();
  whenIdle(handOverNext);
}

/** Called once a page has been rendered: from now on, idle moments go to ECharts. */
export function startChartTakeover(): void {
  if (started || sketched.size === 0) return;
  started = true;
  whenIdle(() => {
    loadChartVisuals().then(
      () => whenIdle(handOverNext),
      () => (started = false),
    );
  });
}

function setBlocked(change: number): void {
  blocked += change;
  for (const listener of blockedListeners) listener();
}

/** How many charts wait for ECharts with nothing drawn: the page is not rendered until 0. */
export function useChartsAwaitingECharts(): number {
  return useSyncExternalStore(
    (listener) => {
      blockedListeners.add(listener);
      return () => blockedListeners.delete(listener);
    },
    () => blocked,
  );
}

/**
 * The chart module a chart draws with, once it may: undefined while its sketch stands (or, with
 * no sketch, until ECharts arrives). `handOver` asks for ECharts at once; `press` tells that a
 * button is down on the sketch, whose click must land before ECharts replaces it.
 */
export function useChartTakeover(hasSketch: boolean): {
  charts: ChartVisuals | undefined;
  handOver: () => void;
  press: (down: boolean) => void;
} {
  const [, wake] = useReducer((n: number) => n + 1, 0);
  const pressed = useRef(false);
  const deferred = useRef(false);
  const charts = chartVisualsLoaded();
  const drawnBySketch = hasSketch && !charts;
  // Reads only refs and the stable `wake`: the first render's function serves every later one.
  const swap = () => {
    if (pressed.current) deferred.current = true;
    else wake();
  };

  useEffect(() => {
    if (!drawnBySketch) return;
    sketched.add(swap);
    return () => void sketched.delete(swap);
  }, [drawnBySketch]);

  const waiting = !hasSketch && !charts;
  useEffect(() => {
    if (!waiting) return;
    setBlocked(+1);
    void loadChartVisuals().then(wake, () => undefined);
    return () => setBlocked(-1);
  }, [waiting]);

  return {
    charts: drawnBySketch ? undefined : charts,
    handOver: () => {
      if (drawnBySketch) void loadChartVisuals().then(swap, () => undefined);
    },
    press: (down) => {
      pressed.current = down;
      if (!down && deferred.current) {
        deferred.current = false;
        wake();
      }
    },
  };
}
