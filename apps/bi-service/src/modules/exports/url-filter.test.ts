import { describe, expect, it } from 'vitest';
import { Schemas } from '@vitrina/embed-sdk/protocol';
import { decodeName, parseUrlFilter, UrlFilterError } from './url-filter.ts';

const basic = (table: string, column: string, operator: string, values: unknown[]) => ({
  $schema: Schemas.basic,
  target: { table, column },
  filterType: 1,
  operator,
  values,
});
const advanced = (table: string, column: string, operator: string, value: unknown) => ({
  $schema: Schemas.advanced,
  target: { table, column },
  filterType: 0,
  logicalOperator: 'And',
  conditions: [{ operator, value }],
});

describe('Power BI URL filters', () => {
  it('reads eq and ne as basic In and NotIn filters', () => {
    expect(parseUrlFilter("Tienda/Zona eq 'Norte'")).toEqual([
      basic('Tienda', 'Zona', 'In', ['Norte']),
    ]);
    expect(parseUrlFilter("Tienda/Zona ne 'Sur'")).toEqual([
      basic('Tienda', 'Zona', 'NotIn', ['Sur']),
    ]);
  });

  it('reads names with and without _xHHHH_ escapes', () => {
    expect(parseUrlFilter("Tienda/País eq 'Perú'")).toEqual([
      basic('Tienda', 'País', 'In', ['Perú']),
    ]);
    expect(parseUrlFilter("Tienda/Pa_x00ed_s eq 'Perú'")).toEqual([
      basic('Tienda', 'País', 'In', ['Perú']),
    ]);
    expect(decodeName('Mi_x0020_Tabla')).toBe('Mi Tabla');
  });

  it('reads comparisons as advanced filters, numbers as numbers', () => {
    expect(parseUrlFilter('Ventas/Importe gt 100')).toEqual([
      advanced('Ventas', 'Importe', 'GreaterThan', 100),
    ]);
    expect(parseUrlFilter('Ventas/Importe ge -2.5')[0]).toMatchObject({
      conditions: [{ operator: 'GreaterThanOrEqual', value: -2.5 }],
    });
    expect(parseUrlFilter('Ventas/Importe lt 1e3')[0]).toMatchObject({
      conditions: [{ operator: 'LessThan', value: 1000 }],
    });
    expect(parseUrlFilter('Ventas/Unidades le 7')[0]).toMatchObject({
      conditions: [{ operator: 'LessThanOrEqual', value: 7 }],
    });
  });

  it('reads dates bare and in the DateTime quoted form', () => {
    expect(parseUrlFilter('Fechas/Fecha ge 2024-01-31')).toEqual([
      advanced('Fechas', 'Fecha', 'GreaterThanOrEqual', '2024-01-31'),
    ]);
    expect(parseUrlFilter("Fechas/Fecha lt DateTime'2024-02-01T00:00:00'")[0]).toMatchObject({
      conditions: [{ operator: 'LessThan', value: '2024-02-01T00:00:00' }],
    });
    expect(parseUrlFilter('Fechas/Momento gt 2024-02-01T10:30:00Z')[0]).toMatchObject({
      conditions: [{ value: '2024-02-01T10:30:00' }],
    });
  });

  it('reads in lists, quotes doubled inside text, and booleans', () => {
    expect(parseUrlFilter("Tienda/Zona in ('Norte', 'Sur','O''Higgins')")).toEqual([
      basic('Tienda', 'Zona', 'In', ['Norte', 'Sur', "O'Higgins"]),
    ]);
    expect(parseUrlFilter('Producto/Activo eq true')).toEqual([
      basic('Producto', 'Activo', 'In', [true]),
    ]);
  });

  it('joins comparisons with and into one filter each', () => {
    const filters = parseUrlFilter(
      "Tienda/Zona eq 'Norte' and Ventas/Importe ge 10 AND Ventas/Importe le 20",
    );
    expect(filters).toEqual([
      basic('Tienda', 'Zona', 'In', ['Norte']),
      advanced('Ventas', 'Importe', 'GreaterThanOrEqual', 10),
      advanced('Ventas', 'Importe', 'LessThanOrEqual', 20),
    ]);
  });

  it.each([
    ["Tienda/Zona eq 'Norte' or Tienda/Zona eq 'Sur'", 'only "and"'],
    ["Zona eq 'Norte'", 'not Table/Column'],
    ["Tienda/Zona like 'N'", 'unknown operator "like"'],
    ["Tienda/Zona eq 'Norte", 'unterminated string'],
    ['Tienda/Zona eq', 'expected a value'],
    ["Tienda/Zona in ('a' 'b')", 'expected ")"'],
    ["Tienda/Zona eq 'a' and", 'expected Table/Column'],
    ['', 'expected Table/Column'],
  ])('refuses %j, saying %s', (text, message) => {
    expect(() => parseUrlFilter(text)).toThrow(UrlFilterError);
    expect(() => parseUrlFilter(text)).toThrow(message);
  });
});
