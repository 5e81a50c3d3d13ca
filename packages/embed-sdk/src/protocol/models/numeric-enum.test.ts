import { describe, expect, it } from 'vitest';
import { LayoutType, SortDirection } from './enums.ts';
import { numericEnum } from './numeric-enum.ts';

describe('numericEnum', () => {
  it('maps names to values and values back to names', () => {
    const colours = numericEnum({ Red: 0, Green: 5 });
    expect(colours.Green).toBe(5);
    expect(colours[5]).toBe('Green');
    expect(Object.keys(colours)).toEqual(['0', '5', 'Red', 'Green']);
  });

  it('is frozen, so shared enums cannot be altered by host code', () => {
    expect(Object.isFrozen(LayoutType)).toBe(true);
  });

  it('gives the layout type name used in layoutTypes/<Name> URLs', () => {
    expect(LayoutType[LayoutType.MobileLandscape]).toBe('MobileLandscape');
    expect(SortDirection.Descending).toBe(2);
  });
});
