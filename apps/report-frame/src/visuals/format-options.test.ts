import { describe, expect, it } from 'vitest';
import type { VisualDefinition } from '../api/types.ts';
import { formatOf, withFormat } from './format-options.ts';

const chart = (options?: Record<string, unknown>): VisualDefinition => ({
  name: 'V1',
  type: 'clusteredColumnChart',
  layout: { x: 0, y: 0, z: 0, width: 100, height: 100 },
  fields: {},
  ...(options ? { options } : {}),
});
const option = {
  legend: { show: false, top: 0, left: 0, type: 'scroll' },
  series: [{ type: 'bar', label: { fontSize: 11 } }],
};

describe('format basics over a chart option', () => {
  it('leaves the option alone when the author set nothing', () => {
    expect(withFormat(chart(), option)).toBe(option);
    expect(formatOf(chart())).toEqual({
      legend: { show: undefined, position: 'Top' },
      dataLabels: false,
    });
  });

  it('shows the legend where the author put it', () => {
    const next = withFormat(chart({ legend: { show: true, position: 'RightCenter' } }), option);
    expect(next.legend).toEqual({
      show: true,
      type: 'scroll',
      right: 0,
      top: 'middle',
      orient: 'vertical',
    });
    const bottom = withFormat(chart({ legend: { show: false, position: 'Bottom' } }), option);
    expect(bottom.legend).toMatchObject({ show: false, bottom: 0, left: 0 });
  });

  it('turns data labels on for every series, keeping their style, hiding those that overlap', () => {
    const next = withFormat(chart({ dataLabels: true }), option);
    expect(next.series).toEqual([
      { type: 'bar', label: { fontSize: 11, show: true }, labelLayout: { hideOverlap: true } },
    ]);
  });

  it('makes room past the bars for labels outside their ends', () => {
    const grid = { left: 8, right: 12, top: 12, bottom: 8 };
    const columns = withFormat(chart({ dataLabels: true }), { ...option, grid });
    expect(columns).toMatchObject({ grid: { top: 26, right: 12 } });
    const bars = { ...option, grid, xAxis: { type: 'value' }, yAxis: { type: 'category' } };
    expect(withFormat(chart({ dataLabels: true }), bars)).toMatchObject({
      grid: { top: 12, right: 68 },
    });
  });
});
