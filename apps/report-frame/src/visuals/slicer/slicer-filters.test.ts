import { describe, expect, it } from 'vitest';
import { validateSlicerState } from '@vitrina/embed-sdk/protocol';
import {
  rangeFilters,
  rangeOf,
  relativeFilters,
  relativeOf,
  selectedValues,
} from './slicer-filters.ts';

const date = { table: 'Calendario', column: 'Fecha' };

describe('slicer filters', () => {
  it('writes a relative date filter the protocol accepts, and reads it back', () => {
    const filters = relativeFilters(date, { operator: 0, count: 3.4, unit: 3 });
    expect(filters[0]).toMatchObject({
      filterType: 4,
      operator: 0,
      timeUnitsCount: 3,
      timeUnitType: 3,
      includeToday: true,
    });
    expect(validateSlicerState({ filters })).toBeUndefined();
    expect(relativeOf(filters)).toEqual({ operator: 0, count: 3, unit: 3 });
    expect(relativeOf([])).toBeNull();
  });

  it('writes a between range with open ends left out, and reads its bounds', () => {
    expect(rangeFilters(date, undefined, undefined)).toEqual([]);
    const from = rangeFilters(date, '2024-01-01', undefined);
    expect(validateSlicerState({ filters: from })).toBeUndefined();
    expect(rangeOf(from)).toEqual(['2024-01-01', '']);
    expect(rangeOf(rangeFilters(date, 10, 20))).toEqual(['10', '20']);
  });

  it('reads the chosen values of an In filter, blanks left out', () => {
    const basic = { $schema: '', target: date, filterType: 1, operator: 'In', values: [1, null] };
    expect(selectedValues([basic as never])).toEqual([1]);
  });
});
