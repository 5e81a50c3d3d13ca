/**
 * Turns a visual definition plus the current interaction state into BI queries. Rows come back
 * with the groupBy columns first and the measures after them, in the order asked.
 */
import type { SortDirection } from '@vitrina/embed-sdk/protocol';
import type { DatasetSchema } from '../dataset.ts';
import type { Filter, FilterTarget } from '../filters.ts';
import type { Query } from '../query.ts';
import { MAX_QUERY_ROWS, slicerModeOf, visualTypes } from '../schema-free.ts';
import type { VisualDefinition } from '../report.ts';
import type { VisualType } from '../visual-types.ts';
import { axisFieldAtDepth, groupingDataType, isMeasureField } from './fields.ts';

export interface SortState {
  target: FilterTarget;
  direction: SortDirection;
}

export interface VisualQueryInput {
  visual: VisualDefinition;
  schema: DatasetSchema;
  filters: Filter[];
  sort?: SortState | undefined;
  drillDepth?: number;
  /** Printing and exports show tables and matrices in full: every row the service answers. */
  fullLength?: boolean;
}

/** Named queries, so that a renderer can find the one it needs (pivot subtotals, KPI trend, …). */
export type VisualQueries = Record<string, Query>;

/**
 * The visuals with queries of their own (below) or none at all; every other type is a chart of
 * categories and measures. Typed by the contract's list, so that a renamed type cannot be left
 * behind here, and a new type is a chart unless it is named here.
 */
const NOT_CHARTS = new Set<VisualType>([
  ...(['card', 'multiRowCard', 'kpi', 'gauge', 'scatterChart'] satisfies VisualType[]),
  ...(['tableEx', 'pivotTable', 'slicer', 'textbox', 'actionButton'] satisfies VisualType[]),
]);

/** The charts: drawn from one query of categories (and series) against measures. */
export const chartTypes: ReadonlySet<VisualType> = new Set(
  visualTypes.filter((type) => !NOT_CHARTS.has(type)),
);

/** Charts whose category axis reads in its natural order (time) rather than by size. */
const ORDERED_AXIS_TYPES = new Set<VisualType>([
  'lineChart',
  'areaChart',
  'lineClusteredColumnComboChart',
  'waterfallChart',
]);

function sortField(visual: VisualDefinition, sort: SortState | undefined): Query['orderBy'] {
  if (sort) return [{ field: sort.target, direction: sort.direction }];
  const configured = visual.options?.['sort'] as
    { role: keyof VisualDefinition['fields']; direction: SortDirection } | undefined;
  const field = configured ? visual.fields[configured.role]?.[0] : undefined;
  return field && configured ? [{ field, direction: configured.direction }] : undefined;
}

function withOptional(query: Query, orderBy: Query['orderBy'], limit: number | undefined): Query {
  const result: Query = { ...query };
  if (orderBy) result.orderBy = orderBy;
  if (limit !== undefined) result.limit = limit;
  return result;
}

function chartQuery(input: VisualQueryInput): Query {
  const { visual, schema, filters, sort } = input;
  const categoryAtDepth = axisFieldAtDepth(
    schema,
    visual.fields.category ?? [],
    input.drillDepth ?? 0,
  );
  const groupBy = [...(categoryAtDepth ? [categoryAtDepth] : []), ...(visual.fields.series ?? [])];
  const measures = [...(visual.fields.values ?? []), ...(visual.fields.y ?? [])];
  const firstMeasure = measures[0];
  let orderBy = sortField(visual, sort);
  // A date level reads in time order on any chart, as Power BI's date hierarchy does.
  const timeAxis =
    !!categoryAtDepth && 'column' in categoryAtDepth && categoryAtDepth.datePart !== undefined;
  if (!orderBy && categoryAtDepth && (timeAxis || ORDERED_AXIS_TYPES.has(visual.type))) {
    orderBy = [{ field: categoryAtDepth, direction: 1 }];
  } else if (!orderBy && firstMeasure) {
    orderBy = [{ field: firstMeasure, direction: 2 }];
  }
  const topOption = visual.options?.['top'];
  const top = typeof topOption === 'number' ? topOption : undefined;
  return withOptional({ groupBy, measures, filters }, orderBy, top);
}

function pivotQueries(input: VisualQueryInput): VisualQueries {
  const { visual, filters } = input;
  const rows = visual.fields.category ?? [];
  const columns = visual.fields.columns ?? [];
  const measures = visual.fields.values ?? [];
  // On screen the service's default row cap applies; in full length, its maximum.
  const limit = input.fullLength ? MAX_QUERY_ROWS : undefined;
  const queries: VisualQueries = {};
  for (let depth = 0; depth <= rows.length; depth++) {
    const groupRows = rows.slice(0, depth);
    const orderBy = groupRows.map((field) => ({ field, direction: 1 as const }));
    queries[`rows${depth}`] = withOptional(
      { groupBy: groupRows, measures, filters },
      orderBy,
      limit,
    );
    if (columns.length > 0) {
      queries[`rows${depth}+columns`] = withOptional(
        { groupBy: [...groupRows, ...columns], measures, filters },
        [...orderBy, ...columns.map((field) => ({ field, direction: 1 as const }))],
        limit,
      );
    }
  }
  return queries;
}

function slicerQuery(input: VisualQueryInput): VisualQueries {
  const { visual, filters, schema } = input;
  const field = visual.fields.category?.[0];
  if (!field) return {};
  const mode = slicerModeOf(visual.options?.['mode'], groupingDataType(schema, field));
  if (mode === 'between' && 'column' in field) {
    const column = { table: field.table, column: field.column };
    return {
      range: {
        groupBy: [],
        measures: [
          { ...column, aggregation: 'Min' },
          { ...column, aggregation: 'Max' },
        ],
        filters,
      },
    };
  }
  return {
    values: {
      groupBy: [field],
      measures: [],
      filters,
      orderBy: [{ field, direction: 1 }],
      limit: 500,
    },
  };
}

export function queriesForVisual(input: VisualQueryInput): VisualQueries {
  const { visual, filters } = input;
  const values = visual.fields.values ?? [];
  switch (visual.type) {
    case 'card':
    case 'multiRowCard':
    case 'gauge':
      return {
        totals: { groupBy: [], measures: [...values, ...(visual.fields.target ?? [])], filters },
      };
    case 'kpi': {
      const queries: VisualQueries = {
        totals: { groupBy: [], measures: [...values, ...(visual.fields.target ?? [])], filters },
      };
      const axis = visual.fields.category?.[0];
      if (axis)
        queries['trend'] = {
          groupBy: [axis],
          measures: values,
          filters,
          orderBy: [{ field: axis, direction: 1 }],
        };
      return queries;
    }
    case 'scatterChart': {
      const measures = [
        ...(visual.fields.x ?? []),
        ...(visual.fields.y ?? []),
        ...(visual.fields.size ?? []),
      ];
      return { points: { groupBy: visual.fields.category ?? [], measures, filters, limit: 1000 } };
    }
    case 'tableEx': {
      const groupBy = values.filter((f) => !isMeasureField(f));
      const measures = values.filter(isMeasureField);
      return {
        rows: withOptional(
          { groupBy, measures, filters },
          sortField(visual, input.sort),
          input.fullLength ? MAX_QUERY_ROWS : 1000,
        ),
        totals: { groupBy: [], measures, filters },
      };
    }
    case 'pivotTable':
      return pivotQueries(input);
    case 'slicer':
      return slicerQuery(input);
    default:
      return chartTypes.has(visual.type) ? { main: chartQuery(input) } : {};
  }
}
