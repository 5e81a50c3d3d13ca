import { describe, expect, test } from 'vitest';
import { numberProblem } from './visual-quality.ts';

describe('numberProblem', () => {
  test('accepts numbers written the Spanish way', () => {
    for (const token of ['905.103', '62,46', '17.100,10', '-1.234.567,8', '2024', '0,5'])
      expect(numberProblem(token, 'es'), token).toBeUndefined();
  });

  test('flags float noise and a "." decimal under es', () => {
    expect(numberProblem('905103,0100000013', 'es')).toBe('float noise');
    expect(numberProblem('905103.01', 'es')).toBe('"." as decimal separator');
    expect(numberProblem('89326.31000000007', 'es')).toBe('"." as decimal separator');
    expect(numberProblem('1,2,3', 'es')).toBe('more than one decimal separator');
  });

  test('reads English numbers with their own marks', () => {
    expect(numberProblem('17,100.10', 'en')).toBeUndefined();
    expect(numberProblem('905103.0100000013', 'en')).toBe('float noise');
    expect(numberProblem('17,10', 'en')).toBe('"," as decimal separator');
  });
});
