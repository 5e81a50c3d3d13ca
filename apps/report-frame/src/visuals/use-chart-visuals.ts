/**
 * ECharts and the visuals drawn with it are most of the frame's JavaScript, so they come in their
 * own chunk, fetched as the frame starts (see preloadChartVisuals). The page loader waits for it
 * beside a visual's queries (the visual is drawn with both at hand, and `rendered` still means
 * drawn); anything else that shows a chart (Q&A) asks this hook, which draws once the chunk has
 * arrived.
 */
import { useEffect, useState } from 'react';
import type * as ChartVisualsModule from './chart-visuals.ts';

type ChartVisuals = typeof ChartVisualsModule;

/** The visual types drawn without ECharts (see VisualBody). */
const WITHOUT_CHARTS = new Set([
  'textbox',
  'actionButton',
  'card',
  'multiRowCard',
  'kpi',
  'slicer',
  'pivotTable',
  'tableEx',
]);

let loaded: ChartVisuals | undefined;
let loading: Promise<ChartVisuals> | undefined;

function loadChartVisuals(): Promise<ChartVisuals> {
  loading ??= import('./chart-visuals.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A failed fetch is tried again on the next draw.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts fetching the chart chunk while the frame waits for the host's load message and the
 * report's definition, instead of after them: on a first load its download and evaluation then
 * overlap the network waits instead of following them.
 */
export function preloadChartVisuals(): void {
  loadChartVisuals().catch(() => undefined);
}

/** Resolves once `type` can be drawn: at once for the visuals that need no chart. */
export async function prepareVisualType(type: string): Promise<void> {
  if (!WITHOUT_CHARTS.has(type)) await loadChartVisuals();
}

/** The chart visuals when loaded; otherwise undefined, and the caller draws again once they are. */
export function useChartVisuals(): ChartVisuals | undefined {
  const [, setReady] = useState(loaded);
  useEffect(() => {
    if (!loaded) void loadChartVisuals().then(setReady, () => undefined);
  }, []);
  return loaded;
}
