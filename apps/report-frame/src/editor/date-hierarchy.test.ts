import { describe, expect, it } from 'vitest';
import type { DatasetSchema, PageDefinition } from '../api/types.ts';
import { sampleReport } from '../../test/sample-report.ts';
import { fieldsForWell } from './date-hierarchy.ts';
import { addFieldToFirstWell } from './field-placement.ts';
import { addVisual } from './visual-edits.ts';

/** The sample report's dataset, with a date column on its fact table. */
const schema: DatasetSchema = {
  ...sampleReport.dataset,
  tables: sampleReport.dataset.tables.map((t) =>
    t.name === 'Ventas'
      ? { ...t, columns: [...t.columns, { name: 'Fecha', dataType: 'date' }] }
      : t,
  ),
};
const date = { table: 'Ventas', column: 'Fecha' };
const levels = (['year', 'quarter', 'month', 'day'] as const).map((datePart) => ({
  ...date,
  datePart,
}));

describe('a date on a chart axis becomes its hierarchy', () => {
  it('expands a date column on the axis of a chart, top level first', () => {
    expect(fieldsForWell(schema, 'lineChart', 'category', date)).toEqual(levels);
    expect(fieldsForWell(schema, 'clusteredColumnChart', 'category', date)).toEqual(levels);
  });

  it('keeps the plain date where dates are shown or picked, and other columns as they are', () => {
    expect(fieldsForWell(schema, 'tableEx', 'values', date)).toEqual([date]);
    expect(fieldsForWell(schema, 'slicer', 'category', date)).toEqual([date]);
    expect(fieldsForWell(schema, 'pivotTable', 'category', date)).toEqual([date]);
    expect(fieldsForWell(schema, 'lineChart', 'series', date)).toEqual([date]);
    expect(fieldsForWell(schema, 'lineChart', 'category', levels[2]!)).toEqual([levels[2]]);
    const region = { table: 'Tienda', column: 'País' };
    expect(fieldsForWell(schema, 'lineChart', 'category', region)).toEqual([region]);
    expect(fieldsForWell(undefined, 'lineChart', 'category', date)).toEqual([date]);
  });

  it('a clicked date fills a new column chart axis with the four levels', () => {
    const empty: PageDefinition = {
      name: 'P',
      displayName: 'P',
      width: 1280,
      height: 720,
      visuals: [],
    };
    const { page, name } = addVisual(empty, 'clusteredColumnChart');
    const filled = addFieldToFirstWell(page, name, date, schema);
    expect(filled.visuals.find((v) => v.name === name)?.fields.category).toEqual(levels);
  });
});
