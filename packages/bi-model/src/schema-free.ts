/**
 * The contract's constants and helpers that build no Zod schema. The report frame imports them on
 * its cold path (issue 31): importing them from the schema modules would evaluate those modules'
 * schemas in the frame's first chunks. The schema modules re-export them, so callers see no change.
 */

/** `date` is a day (DuckDB `DATE`); `datetime` a day and a time of day (`TIMESTAMP`). */
export const dataTypes = ['string', 'integer', 'number', 'date', 'datetime', 'boolean'] as const;
export type DataType = (typeof dataTypes)[number];

/** Both date types: the date hierarchy, date filters and date slicers take either. */
export const isDateType = (type: DataType | undefined): boolean =>
  type === 'date' || type === 'datetime';

/** The one list of visual types; the frame draws each of them and the demo reports use each. */
export const visualTypes = [
  'card',
  'multiRowCard',
  'kpi',
  'gauge',
  'clusteredBarChart',
  'clusteredColumnChart',
  'stackedBarChart',
  'stackedColumnChart',
  'lineChart',
  'areaChart',
  'lineClusteredColumnComboChart',
  'pieChart',
  'donutChart',
  'treemap',
  'funnel',
  'scatterChart',
  'waterfallChart',
  'tableEx',
  'pivotTable',
  'slicer',
  'textbox',
  'actionButton',
] as const;

export const MAX_QUERY_ROWS = 30_000;

/** powerbi-models' LegendPosition names (None is `show: false`). */
export const legendPositions = [
  'Top',
  'Bottom',
  'Right',
  'Left',
  'TopCenter',
  'BottomCenter',
  'RightCenter',
  'LeftCenter',
] as const;
export type LegendPositionName = (typeof legendPositions)[number];

/** A slicer's styles (Power BI's "Estilo"): a list, a dropdown, a range, or a relative date. */
export const slicerModes = ['list', 'dropdown', 'between', 'relative'] as const;
export type SlicerMode = (typeof slicerModes)[number];

/** The styles a slicer on a field of `dataType` can take: a range needs an order, relative a date. */
export function slicerModesFor(dataType: DataType | undefined): SlicerMode[] {
  const ordered = dataType === 'number' || dataType === 'integer' || isDateType(dataType);
  return slicerModes.filter(
    (mode) => (mode !== 'between' || ordered) && (mode !== 'relative' || isDateType(dataType)),
  );
}

/** The style a slicer draws in: its `mode` when the field's type allows it, else the list. */
export function slicerModeOf(mode: unknown, dataType: DataType | undefined): SlicerMode {
  const allowed = slicerModesFor(dataType);
  return allowed.find((m) => m === mode) ?? 'list';
}

/** Paginated definitions are the ones with a page size; report definitions have pages. */
export function isPaginated<D extends object>(
  definition: D,
): definition is Extract<D, { rowsPerPage: number }> {
  return 'rowsPerPage' in definition;
}
