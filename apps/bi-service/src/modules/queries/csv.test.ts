import { describe, expect, it } from 'vitest';
import type { QueryResult } from '@vitrina/bi-model';
import { toCsv } from './csv.ts';

const sales: QueryResult = {
  columns: [
    { name: 'Región', type: 'string' },
    { name: 'Ventas', type: 'number', format: '"S/" #,0.00' },
  ],
  rows: [
    ['Lima; Centro', 89326.31000000007],
    ['Norte', 0.1 + 0.2 + 0.0049],
    ['Sur', -1234.5],
    ['Este', null],
  ],
  truncated: false,
};

describe('toCsv', () => {
  it('writes Spanish CSV: `;` between cells, decimal commas, no float noise', () => {
    expect(toCsv(sales, 'es-ES')).toBe(
      'Región;Ventas\r\n"Lima; Centro";89326,31\r\nNorte;0,3\r\nSur;-1234,5\r\nEste;\r\n',
    );
  });

  it('writes English CSV with `,` and `.`, and English is the default', () => {
    const expected =
      'Región,Ventas\r\nLima; Centro,89326.31\r\nNorte,0.3\r\nSur,-1234.5\r\nEste,\r\n';
    expect(toCsv(sales, 'en-US')).toBe(expected);
    expect(toCsv(sales)).toBe(expected);
  });

  it('keeps the precision of an unformatted number, without its float noise', () => {
    const precise: QueryResult = {
      columns: [{ name: 'x', type: 'number' }],
      rows: [[2 / 3], [12345678.125], [0.1 + 0.2], [905103.0100000013]],
      truncated: false,
    };
    expect(toCsv(precise, 'es')).toBe(
      'x\r\n0,666666666667\r\n12345678,125\r\n0,3\r\n905103,01\r\n',
    );
  });

  it('rounds a percentage to the decimals its format shows', () => {
    const share: QueryResult = {
      columns: [{ name: 'Margen %', type: 'number', format: '0.0%' }],
      rows: [[0.45678]],
      truncated: false,
    };
    expect(toCsv(share, 'es')).toBe('Margen %\r\n0,457\r\n');
  });
});
