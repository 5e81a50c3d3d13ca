/** Reshapes a query result (groupBy columns, then measures) into categories × series for charts. */
import type { Cell, QueryResult, VisualDefinition } from '../api/types.ts';
import type { Formatter } from '../i18n/format.ts';
import { fieldLabel } from '@vitrina/bi-model/visual-queries';
import type { Messages } from '../i18n/messages.ts';
import { levelOrValue } from './date-levels.ts';

export interface ChartSeries {
  name: string;
  /** Raw series value (legend field), when the series comes from a legend column. */
  key: Cell;
  values: (number | null)[];
  format?: string;
}

export interface CategoryData {
  categories: Cell[];
  labels: string[];
  series: ChartSeries[];
}

/** Blanks last; numbers by value; the rest as text in the locale's order. */
function compareCells(a: Cell, b: Cell): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

const toNumber = (cell: Cell | undefined): number | null =>
  typeof cell === 'number' ? cell : null;

export function categoryData(
  visual: VisualDefinition,
  result: QueryResult,
  format: Formatter,
  messages: Pick<Messages, 'quarter' | 'months'>,
): CategoryData {
  const hasCategory = (visual.fields.category?.length ?? 0) > 0;
  const hasSeries = (visual.fields.series?.length ?? 0) > 0;
  const measureFields = [...(visual.fields.values ?? []), ...(visual.fields.y ?? [])];
  const groupCount = (hasCategory ? 1 : 0) + (hasSeries ? 1 : 0);
  const categories: Cell[] = [];
  const index = new Map<Cell, number>();
  const categoryOf = (row: Cell[]) => (hasCategory ? (row[0] ?? null) : '');
  for (const row of result.rows) {
    const category = categoryOf(row);
    if (!index.has(category)) {
      index.set(category, categories.length);
      categories.push(category);
    }
  }
  const label = (column: QueryResult['columns'][number] | undefined, cell: Cell) =>
    levelOrValue(column, cell, messages, (other) =>
      format.value(other, column?.type, column?.format),
    );
  const labels = categories.map((c) => (hasCategory ? label(result.columns[0], c) : ''));

  if (hasSeries) {
    const seriesByKey = new Map<Cell, ChartSeries>();
    const seriesColumn = hasCategory ? 1 : 0;
    for (const row of result.rows) {
      const key = row[seriesColumn] ?? null;
      let series = seriesByKey.get(key);
      if (!series) {
        series = {
          name: label(result.columns[seriesColumn], key),
          key,
          values: categories.map(() => null),
        };
        const measureFormat = result.columns[groupCount]?.format;
        if (measureFormat) series.format = measureFormat;
        seriesByKey.set(key, series);
      }
      series.values[index.get(categoryOf(row)) ?? 0] = toNumber(row[groupCount]);
    }
    // A legend lists its values in order, as Power BI's does: the rows' order is the engine's
    // and may change from one run to the next.
    const ordered = [...seriesByKey.entries()].sort(([a], [b]) => compareCells(a, b));
    return { categories, labels, series: ordered.map(([, series]) => series) };
  }

  const series = measureFields.map((field, m): ChartSeries => {
    const values = categories.map((): number | null => null);
    for (const row of result.rows)
      values[index.get(categoryOf(row)) ?? 0] = toNumber(row[groupCount + m]);
    const measureFormat =
      result.columns[groupCount + m]?.format ?? ('format' in field ? field.format : undefined);
    return {
      name: fieldLabel(field),
      key: null,
      values,
      ...(measureFormat ? { format: measureFormat } : {}),
    };
  });
  return { categories, labels, series };
}
