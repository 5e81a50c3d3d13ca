/** Which filters reach one visual's queries: levels, other slicers, cross-filter selection and drill path. */
import type { VisualDefinition } from '../api/types.ts';
import {
  SCHEMA,
  targetKey,
  type FilterTarget,
  type FrameFilter,
  type Scalar,
} from '../query/filter-types.ts';
import { axisFieldAtDepth, filterTargetOf } from '@vitrina/bi-model/visual-queries';
import { visualKey, type ReportViewState } from './report-state.ts';

export function basicIn(target: FilterTarget, values: Scalar[]): FrameFilter {
  return { $schema: SCHEMA.basic, target, filterType: 1, operator: 'In', values };
}

function selectionFilters(
  state: ReportViewState,
  pageName: string,
  visualName: string,
): FrameFilter[] {
  const selection = state.selection;
  if (!selection || selection.pageName !== pageName || selection.visualName === visualName)
    return [];
  const byTarget = new Map<string, { target: FilterTarget; values: Scalar[] }>();
  for (const point of selection.points) {
    const key = targetKey(point.target);
    const entry = byTarget.get(key) ?? { target: point.target, values: [] };
    if (!entry.values.includes(point.value)) entry.values.push(point.value);
    byTarget.set(key, entry);
  }
  return [...byTarget.values()].map((entry) => basicIn(entry.target, entry.values));
}

function drillFilters(
  state: ReportViewState,
  pageName: string,
  visual: VisualDefinition,
): FrameFilter[] {
  const drill = state.drill[visualKey(pageName, visual.name)];
  const category = visual.fields.category ?? [];
  if (!drill || category.length === 0) return [];
  return drill.path.flatMap((value, depth) => {
    const field = axisFieldAtDepth(state.report.dataset, category, depth);
    if (!field || value === null || value === undefined) return [];
    return [basicIn(filterTargetOf(state.report.dataset, field), [value])];
  });
}

/** Filters applied when the visual itself is a slicer's source: its own slicer state is left out. */
export function filtersForVisual(
  state: ReportViewState,
  pageName: string,
  visual: VisualDefinition,
): FrameFilter[] {
  const page = state.report.definition.pages.find((p) => p.name === pageName);
  const ownKey = visualKey(pageName, visual.name);
  const slicers = (page?.visuals ?? [])
    .filter((v) => v.type === 'slicer' && visualKey(pageName, v.name) !== ownKey)
    .flatMap((v) => state.slicerFilters[visualKey(pageName, v.name)] ?? []);
  return [
    ...state.reportFilters,
    ...(state.pageFilters[pageName] ?? []),
    ...(state.visualFilters[ownKey] ?? []),
    ...slicers,
    ...selectionFilters(state, pageName, visual.name),
    ...drillFilters(state, pageName, visual),
  ];
}
