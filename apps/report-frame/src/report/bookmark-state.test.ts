import { describe, expect, it } from 'vitest';
import { sampleState } from '../../test/report-state.ts';
import { basicIn } from '../state/visual-filters.ts';
import { applyStateTo, captureState, parseState } from './bookmark-state.ts';

const country = { table: 'Tienda', column: 'País' };

describe('bookmark state', () => {
  it('captures and re-applies page, filters, slicers, sorts and drill', () => {
    const captured = sampleState({
      reportFilters: [basicIn(country, ['Chile'])],
      slicerFilters: { 'ReportSection1/V3': [basicIn(country, ['Perú'])] },
      sorts: { 'ReportSection1/V4': { target: country, direction: 1 } },
      drill: { 'ReportSection1/V2': { depth: 1, path: [2024] } },
    });
    const restored = applyStateTo(sampleState(), parseState(captureState(captured)));
    expect(restored.reportFilters).toEqual(captured.reportFilters);
    expect(restored.slicerFilters).toEqual(captured.slicerFilters);
    expect(restored.sorts).toEqual(captured.sorts);
    expect(restored.drill).toEqual(captured.drill);
    expect(restored.activePage).toBe('ReportSection1');
  });

  it("reads bare visual names in slicers as visuals of the bookmark's page", () => {
    const state = JSON.stringify({
      version: 1,
      activePage: 'ReportSection1',
      slicers: { V3: [basicIn(country, ['Perú'])] },
    });
    expect(applyStateTo(sampleState(), parseState(state)).slicerFilters).toEqual({
      'ReportSection1/V3': [basicIn(country, ['Perú'])],
    });
  });

  it('refuses text that is not a bookmark state', () => {
    expect(() => parseState('not json')).toThrow('state is not a valid bookmark state');
    expect(() => parseState('{"version":2}')).toThrow('state is not a valid bookmark state');
  });
});
