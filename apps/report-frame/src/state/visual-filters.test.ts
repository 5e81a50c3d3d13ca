import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { sampleState } from '../../test/report-state.ts';
import { basicIn, filtersForVisual } from './visual-filters.ts';

const page = sampleReport.definition.pages[0]!;
const visual = (name: string) => page.visuals.find((v) => v.name === name)!;
const country = { table: 'Tienda', column: 'País' };

describe('filtersForVisual', () => {
  it('stacks report, page and visual filters', () => {
    const state = sampleState({
      reportFilters: [basicIn(country, ['Chile'])],
      pageFilters: { ReportSection1: [basicIn(country, ['Perú'])] },
      visualFilters: { 'ReportSection1/V4': [basicIn(country, ['Ecuador'])] },
    });
    expect(
      filtersForVisual(state, 'ReportSection1', visual('V4')).map((f) => 'values' in f && f.values),
    ).toEqual([['Chile'], ['Perú'], ['Ecuador']]);
    expect(filtersForVisual(state, 'ReportSection1', visual('V1'))).toHaveLength(2);
  });

  it("applies a slicer to the other visuals but not to the slicer's own list", () => {
    const state = sampleState({
      slicerFilters: { 'ReportSection1/V3': [basicIn(country, ['Perú'])] },
    });
    expect(filtersForVisual(state, 'ReportSection1', visual('V1'))).toEqual([
      basicIn(country, ['Perú']),
    ]);
    expect(filtersForVisual(state, 'ReportSection1', visual('V3'))).toEqual([]);
  });

  it('cross-filters the other visuals of the page by the selected data points', () => {
    const state = sampleState({
      selection: {
        pageName: 'ReportSection1',
        visualName: 'V4',
        points: [
          { target: country, value: 'Perú' },
          { target: country, value: 'Chile' },
        ],
      },
    });
    expect(filtersForVisual(state, 'ReportSection1', visual('V1'))).toEqual([
      basicIn(country, ['Perú', 'Chile']),
    ]);
    expect(filtersForVisual(state, 'ReportSection1', visual('V4'))).toEqual([]);
  });

  it('narrows a drilled chart to the value it was drilled into', () => {
    const state = sampleState({ drill: { 'ReportSection1/V2': { depth: 1, path: [2024] } } });
    expect(filtersForVisual(state, 'ReportSection1', visual('V2'))).toEqual([
      basicIn({ table: 'Calendario', column: 'Año' }, [2024]),
    ]);
  });
});

describe('a drilled date hierarchy', () => {
  it('filters each level it was drilled into by that date part', () => {
    const levels = (['year', 'quarter', 'month'] as const).map((datePart) => ({
      table: 'Ventas',
      column: 'Fecha',
      datePart,
    }));
    const chart = { ...visual('V2'), fields: { ...visual('V2').fields, category: levels } };
    const report = {
      ...sampleReport,
      definition: {
        ...sampleReport.definition,
        pages: [{ ...page, visuals: [chart] }],
      },
    };
    const state = sampleState({
      report,
      drill: { 'ReportSection1/V2': { depth: 2, path: [2024, 2] } },
    });
    expect(filtersForVisual(state, 'ReportSection1', chart)).toEqual([
      basicIn(levels[0]!, [2024]),
      basicIn(levels[1]!, [2]),
    ]);
  });
});
