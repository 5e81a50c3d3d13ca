import { describe, expect, it, vi } from 'vitest';
import { createFormatter } from './format.ts';

/** Intl separates units with no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('createFormatter', () => {
  it('formats numbers, currency, percentages and dates in Spanish', () => {
    const format = createFormatter('es-ES', '(En blanco)');
    expect(format.value(1234567, 'number')).toBe('1.234.567');
    expect(plain(format.value(0.256, 'number', '0.0%'))).toBe('25,6 %');
    expect(format.value(1500, 'number', '€#,0')).toBe('€1.500');
    // A date is dd/mm/aaaa; a date and time keeps its clock (decision 0244).
    expect(format.value('2024-03-05', 'date')).toBe('05/03/2024');
    expect(format.value('2024-03-05 18:07:00', 'datetime')).toBe('05/03/2024 18:07');
    expect(format.value('2024-03-05T08:30:00', 'datetime')).toBe('05/03/2024 08:30');
    expect(format.value(null, 'string')).toBe('(En blanco)');
  });

  it('formats in English when the embed asks for en-US', () => {
    const format = createFormatter('en-US', '(Blank)');
    expect(format.value(1234567.891, 'number')).toBe('1,234,567.89');
    expect(format.value('2024-03-05', 'date')).toBe('03/05/2024');
    expect(format.value('2024-03-05 18:07:00', 'datetime')).toBe('03/05/2024 18:07');
    expect(format.figures(undefined, 2_500_000, 'axis')(2_500_000)).toBe('2.5M');
  });

  it('prepare makes the plain number format ahead of the first figure, once', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const format = createFormatter('es-ES', '(En blanco)');
    format.prepare();
    expect(made).toHaveBeenCalledTimes(1);
    expect(format.value(25000, 'integer')).toBe('25.000');
    format.prepare();
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
