/**
 * ECharts and the visuals drawn with it are most of the frame's JavaScript, so they come in their
 * own chunk. The page loader fetches it beside the queries of a visual that needs it to be drawn
 * at all (the visual is drawn with both at hand, and `rendered` still means drawn); a chart a
 * sketch draws first gets it later (chart-takeover.ts). Anything else that shows a chart (Q&A)
 * asks this hook, which draws once the chunk has arrived.
 */
import { useEffect, useState } from 'react';
import type { VisualDefinition } from '../api/types.ts';
import type * as ChartVisualsModule from './chart-visuals.ts';
import { mayBeSketched } from './sketch/sketchable.ts';

export type ChartVisuals = typeof ChartVisualsModule;

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

export function loadChartVisuals(): Promise<ChartVisuals> {
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

/** The chart visuals, if their chunk has arrived. */
export function chartVisualsLoaded(): ChartVisuals | undefined {
  return loaded;
}

/** Resolves once `type` can be drawn: at once for the visuals that need no chart. */
export async function prepareVisualType(type: string): Promise<void> {
  if (!WITHOUT_CHARTS.has(type)) await loadChartVisuals();
}

/** As prepareVisualType, and at once for a visual a sketch is likely to draw first. */
export async function prepareVisual(visual: VisualDefinition): Promise<void> {
  if (!mayBeSketched(visual)) await prepareVisualType(visual.type);
}

/** The chart visuals when loaded; otherwise undefined, and the caller draws again once they are. */
export function useChartVisuals(): ChartVisuals | undefined {
  const [, setReady] = useState(loaded);
  useEffect(() => {
    if (!loaded) void loadChartVisuals().then(setReady, () => undefined);
  }, []);
  return loaded;
}
