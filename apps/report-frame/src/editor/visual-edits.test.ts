import { describe, expect, it } from 'vitest';
import type { FieldRef } from '../api/types.ts';
import { sampleReport } from '../../test/sample-report.ts';
import { addFieldToFirstWell, fieldFromPane } from './field-placement.ts';
import {
  addField,
  addVisual,
  changeVisualType,
  cloneVisual,
  deleteVisual,
  placeVisual,
  removeField,
  replaceField,
} from './visual-edits.ts';

const page = sampleReport.definition.pages[0]!;
const visual = (p: typeof page, name: string) => p.visuals.find((v) => v.name === name)!;
const region: FieldRef = { table: 'Tienda', column: 'Región' };
const units: FieldRef = { table: 'Ventas', column: 'Unidades', aggregation: 'Sum' };

describe('visual edits', () => {
  it('adds a visual with a fresh name and no fields, above the others', () => {
    const { page: next, name } = addVisual(page, 'pieChart');
    const added = visual(next, name);
    expect(page.visuals.map((v) => v.name)).not.toContain(name);
    expect(added.fields).toEqual({});
    expect(added.layout.z).toBeGreaterThan(Math.max(...page.visuals.map((v) => v.layout.z)));
  });

  it('moves and resizes in whole units, inside the page, never below the minimum size', () => {
    const next = placeVisual(page, 'V1', { x: 13.4, y: 21.6, width: 203, height: 5 });
    expect(visual(next, 'V1').layout).toMatchObject({ x: 13, y: 22, width: 203, height: 40 });
    const outside = placeVisual(page, 'V1', { x: 5000, y: -50, width: 100, height: 100 });
    expect(visual(outside, 'V1').layout).toMatchObject({ x: page.width - 100, y: 0 });
  });

  it('changes the type keeping the fields, re-dealt into the new wells', () => {
    const bar = visual(page, 'V4');
    const asPie = visual(changeVisualType(page, 'V4', 'pieChart'), 'V4');
    expect(asPie.type).toBe('pieChart');
    expect(asPie.fields).toEqual(bar.fields);
    const asTable = visual(changeVisualType(page, 'V4', 'tableEx'), 'V4');
    expect(asTable.fields.values).toEqual([...bar.fields.category!, ...bar.fields.values!]);
    const asScatter = visual(changeVisualType(page, 'V4', 'scatterChart'), 'V4');
    expect(asScatter.fields.category).toEqual(bar.fields.category);
    expect(asScatter.fields.x).toEqual(bar.fields.values);
  });

  it('adds, replaces (aggregation) and removes fields per well; a one-field well swaps', () => {
    let next = addField(page, 'V4', 'series', region);
    expect(visual(next, 'V4').fields.series).toEqual([region]);
    next = addField(next, 'V4', 'series', units);
    expect(visual(next, 'V4').fields.series).toEqual([units]);
    next = replaceField(next, 'V4', 'series', 0, { ...units, aggregation: 'Avg' });
    expect(visual(next, 'V4').fields.series).toEqual([{ ...units, aggregation: 'Avg' }]);
    next = removeField(next, 'V4', 'series', 0);
    expect(visual(next, 'V4').fields.series).toBeUndefined();
    expect(addField(page, 'V1', 'category', region)).toEqual(page);
  });

  it('puts a clicked field in the first well of its kind: numbers summed into values', () => {
    const { page: withPie, name } = addVisual(page, 'clusteredColumnChart');
    const numeric = fieldFromPane('Ventas', { column: 'Unidades', dataType: 'integer' });
    expect(numeric).toEqual(units);
    let next = addFieldToFirstWell(withPie, name, numeric);
    next = addFieldToFirstWell(
      next,
      name,
      fieldFromPane('Tienda', { column: 'Región', dataType: 'string' }),
    );
    expect(visual(next, name).fields).toEqual({ values: [units], category: [region] });
  });

  it('clones next to the source and deletes', () => {
    const cloned = cloneVisual(page, 'V4')!;
    const copy = visual(cloned.page, cloned.name);
    expect(copy.fields).toEqual(visual(page, 'V4').fields);
    expect(copy.layout.x).toBeGreaterThan(visual(page, 'V4').layout.x - 1);
    expect(deleteVisual(cloned.page, cloned.name).visuals).toEqual(page.visuals);
    expect(cloneVisual(page, 'nope')).toBeUndefined();
  });
});
