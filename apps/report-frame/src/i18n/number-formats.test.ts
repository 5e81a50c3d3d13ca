import { describe, expect, it } from 'vitest';
import { createFormatter } from './format.ts';

const es = createFormatter('es-ES', '(En blanco)');
const en = createFormatter('en-US', '(Blank)');
/** Intl and the units write no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');
const money = '"S/" #,0.00';

describe('the number formatter', () => {
  it('writes a model format string in Spanish: prefix, grouping, decimals, percent', () => {
    expect(es.value(1234567.891, 'number', money)).toBe('S/ 1.234.567,89');
    expect(es.value(1500, 'integer', '#,0')).toBe('1.500');
    expect(es.value(2024, 'integer', '0')).toBe('2024');
    expect(es.value(2024, 'integer')).toBe('2024');
    expect(es.value(1234567, 'integer')).toBe('1.234.567');
    expect(plain(es.value(0.4567, 'number', '0.0%'))).toBe('45,7 %');
    expect(es.value(12.5, 'number', '#,0.00 €')).toBe('12,50 €');
  });

  it('writes the same formats in English', () => {
    expect(en.value(1234567.891, 'number', money)).toBe('S/ 1,234,567.89');
    expect(en.value(0.4567, 'number', '0.0%')).toBe('45.7%');
  });

  it('never shows float noise: values are rounded to the decimals the format allows', () => {
    expect(es.value(905103.0100000013, 'number', money)).toBe('S/ 905.103,01');
    expect(es.value(89326.31000000007, 'number')).toBe('89.326,31');
    expect(es.value(0.1 + 0.2, 'number')).toBe('0,3');
    expect(es.value(0.1 + 0.2, 'number', '#,0.00')).toBe('0,30');
    expect(en.value(0.1 + 0.2, 'number')).toBe('0.3');
  });

  it('writes negatives with the minus before the prefix, and no "-0" for a rounded zero', () => {
    expect(es.value(-1234.5, 'number', money)).toBe('-S/ 1.234,50');
    expect(es.value(-0.001, 'number', '#,0.00')).toBe('0,00');
    expect(plain(es.headline(-62_460_000, 'number', money))).toBe('-S/ 62,46 M');
    expect(plain(es.headline(-62_000_000, 'number', money, { decimals: 2 }))).toBe('-S/ 62,00 M');
  });

  it('chooses display units by the magnitude: mil, M, mil M in Spanish; K, M, bn in English', () => {
    const esLabels = (max: number) => es.figures('#,0', max, 'chart');
    expect(plain(esLabels(905_103)(905_103.01))).toBe('905 mil');
    expect(plain(esLabels(2_500_000)(1_250_000))).toBe('1,25 M');
    expect(plain(esLabels(3_400_000_000)(3_400_000_000))).toBe('3,40 mil M');
    expect(plain(esLabels(8_500)(8_500))).toBe('8.500');
    expect(en.figures('#,0', 905_103, 'chart')(905_103)).toBe('905K');
    expect(en.figures('#,0', 12_000_000, 'chart')(12_345_678)).toBe('12.3M');
    expect(en.figures('#,0', 3_400_000_000, 'chart')(3_400_000_000)).toBe('3.40bn');
  });

  it('labels every figure of a chart in the unit of its largest value', () => {
    const labels = es.figures(money, 905_103, 'chart');
    expect(plain(labels(12_345.67))).toBe('S/ 12 mil');
    expect(plain(labels(905_103.0100000013))).toBe('S/ 905 mil');
  });

  it('writes cards by their own value, with two decimals in a unit', () => {
    expect(plain(es.headline(62_460_000.4, 'number', money))).toBe('S/ 62,46 M');
    expect(plain(en.headline(62_460_000.4, 'number', money))).toBe('S/ 62.46M');
    expect(es.headline(1_234, 'integer', '#,0')).toBe('1.234');
    expect(plain(es.headline(25_000, 'integer', '#,0'))).toBe('25 mil');
    expect(plain(es.headline(2_575_983, 'integer', '#,0'))).toBe('2,58 M');
    expect(plain(es.headline(0.2345, 'number', '0.0%'))).toBe('23,5 %');
  });

  it('drops trailing zeros on axis ticks but keeps the unit', () => {
    const axis = es.figures('#,0', 2_500_000, 'axis');
    expect(plain(axis(500_000))).toBe('0,5 M');
    expect(plain(axis(2_000_000))).toBe('2 M');
  });

  it("honours the visual's own display units and decimals", () => {
    const thousands = es.figures(money, 62_000_000, 'chart', {
      displayUnits: 'thousands',
      decimals: 1,
    });
    expect(plain(thousands(62_460_000))).toBe('S/ 62.460,0 mil');
    expect(es.figures(money, 905_103, 'chart', { displayUnits: 'none' })(905_103.0100000013)).toBe(
      'S/ 905.103,01',
    );
    expect(plain(es.headline(62_460_000, 'number', money, { decimals: 0 }))).toBe('S/ 62 M');
    expect(es.figures('0.0%', 1, 'chart', { decimals: 2 })(0.12345)).toMatch(/^12,35\s%$/);
  });

  it('keeps the same decimals in every cell of a table column', () => {
    const column = es.column([17_100.1, 89_326.31000000007, null], 'number', undefined);
    expect(column(17_100.1)).toBe('17.100,10');
    expect(column(89_326.31000000007)).toBe('89.326,31');
    expect(column(null)).toBe('(En blanco)');
    expect(es.column([1, 2, 3], 'number', undefined)(2)).toBe('2');
    const inMillions = es.column([2_500_000], 'number', '#,0', { displayUnits: 'millions' });
    expect(plain(inMillions(2_500_000))).toBe('2,50 M');
  });

  it('groups a figure in a display unit even when its format has no separators', () => {
    const millions = { displayUnits: 'millions' as const };
    expect(plain(es.headline(5_133_130_000, 'number', undefined, millions))).toBe('5.133,13 M');
    expect(plain(es.headline(5_133_130_000, 'number', '0.00', millions))).toBe('5.133,13 M');
    expect(es.headline(2024, 'integer', undefined, { displayUnits: 'none' })).toBe('2024');
  });
});
