import { describe, expect, it } from 'vitest';
import {
  formatSectionsByType,
  readVisualFormat,
  slicerModeOf,
  slicerModesFor,
  visualDefinitionSchema,
  visualFormatSchema,
  visualTypes,
} from '../src/index.ts';

const visual = (options: Record<string, unknown>) => ({
  name: 'V1',
  type: 'clusteredColumnChart',
  layout: { x: 0, y: 0, z: 0, width: 100, height: 100 },
  fields: {},
  options,
});

const full = {
  dataLabels: true,
  legend: { show: true, position: 'RightCenter' },
  numberFormat: { displayUnits: 'millions', decimals: 2 },
  seriesColors: { Ventas: '#E66C37' },
  pointColors: { Online: '#118DFF' },
  fontSize: 14,
  categoryAxis: { showTitle: true, title: 'Canal' },
  valueAxis: { showTitle: false, min: 0, max: 1000 },
  gridlines: false,
  background: { color: '#FFF4CE', transparency: 20 },
  border: { show: true, color: '#252423', radius: 8 },
};

describe('visualFormatSchema', () => {
  it('accepts every option the format pane writes, and keeps the keys it does not know', () => {
    const options = { ...full, mode: 'Dropdown', text: 'Hola' };
    expect(visualFormatSchema.parse(options)).toEqual(options);
    expect(visualDefinitionSchema.parse(visual(options)).options).toEqual(options);
  });

  it.each([
    ['a colour that is not #rrggbb', { seriesColors: { Ventas: 'red' } }],
    ['display units it does not know', { numberFormat: { displayUnits: 'lakhs' } }],
    ['more than 6 decimals', { numberFormat: { decimals: 7 } }],
    ['fractional decimals', { numberFormat: { decimals: 1.5 } }],
    ['a transparency over 100', { background: { transparency: 120 } }],
    ['a value axis whose min is not below its max', { valueAxis: { min: 10, max: 10 } }],
    ['a tiny font', { fontSize: 2 }],
    ['a legend position powerbi-models lacks', { legend: { position: 'Middle' } }],
  ])('refuses %s in a report definition', (_case, options) => {
    expect(visualDefinitionSchema.safeParse(visual(options)).success).toBe(false);
  });
});

describe('readVisualFormat', () => {
  it('drops only the malformed known keys, so an older report still draws', () => {
    const read = readVisualFormat({
      gridlines: false,
      border: { show: 'yes' },
      legend: { position: 'Bottom' },
      fontSize: 'grande',
      text: 'Hola',
    });
    expect(read).toEqual({ gridlines: false, legend: { position: 'Bottom' } });
    expect(readVisualFormat(undefined)).toEqual({});
  });
});

describe('formatSectionsByType', () => {
  it('offers no axes for a card or a pie, no legend for a card, a frame to every type, no header to a slicer', () => {
    for (const type of visualTypes) expect(formatSectionsByType[type]).toContain('background');
    expect(formatSectionsByType.card).not.toContain('axes');
    expect(formatSectionsByType.card).not.toContain('legend');
    expect(formatSectionsByType.pieChart).not.toContain('axes');
    expect(formatSectionsByType.pieChart).toContain('pointColors');
    expect(formatSectionsByType.tableEx).toEqual([
      'numberFormat',
      'fontSize',
      'background',
      'border',
      'visualHeader',
    ]);
    expect(formatSectionsByType.slicer).toEqual([
      'slicerStyle',
      'fontSize',
      'background',
      'border',
    ]);
    expect(formatSectionsByType.clusteredColumnChart).toEqual(
      expect.arrayContaining(['seriesColors', 'axes', 'gridlines', 'legend', 'tooltips']),
    );
  });
});

describe('slicer styles by field type', () => {
  it('offers a range for numbers and dates, and relative date for dates only', () => {
    expect(slicerModesFor('string')).toEqual(['list', 'dropdown']);
    expect(slicerModesFor('boolean')).toEqual(['list', 'dropdown']);
    expect(slicerModesFor('integer')).toEqual(['list', 'dropdown', 'between']);
    expect(slicerModesFor('number')).toEqual(['list', 'dropdown', 'between']);
    expect(slicerModesFor('date')).toEqual(['list', 'dropdown', 'between', 'relative']);
    expect(slicerModesFor('datetime')).toEqual(['list', 'dropdown', 'between', 'relative']);
  });

  it('draws a style the field cannot take, or an unknown one, as the list', () => {
    expect(slicerModeOf('relative', 'date')).toBe('relative');
    expect(slicerModeOf('relative', 'number')).toBe('list');
    expect(slicerModeOf('between', 'string')).toBe('list');
    expect(slicerModeOf('tiles', 'string')).toBe('list');
    expect(slicerModeOf(undefined, 'date')).toBe('list');
    expect(slicerModeOf('dropdown', undefined)).toBe('dropdown');
  });
});
