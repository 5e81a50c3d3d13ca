import { describe, expect, it } from 'vitest';
import { parseMeasure } from '../src/engine/measure-language.ts';
import { toDatasetSchema } from '../src/engine/model.ts';
import { DatasetModel } from '../src/engine/dataset-model.ts';
import { miniRetail } from './mini-retail.ts';

describe('measure language', () => {
  it('parses aggregates, arithmetic with precedence, parentheses and DIVIDE', () => {
    expect(parseMeasure('SUM(Ventas[Importe]) - SUM(Ventas[Importe]) * 2')).toEqual({
      kind: 'binary',
      operator: '-',
      left: { kind: 'aggregate', aggregation: 'Sum', table: 'Ventas', column: 'Importe' },
      right: {
        kind: 'binary',
        operator: '*',
        left: { kind: 'aggregate', aggregation: 'Sum', table: 'Ventas', column: 'Importe' },
        right: { kind: 'number', value: 2 },
      },
    });
    expect(
      parseMeasure('DIVIDE(distinctcount(Ventas[Precio unitario]), (COUNT(Ventas[Id])))'),
    ).toMatchObject({
      kind: 'binary',
      operator: '/',
      left: { aggregation: 'DistinctCount', column: 'Precio unitario' },
      right: { aggregation: 'Count' },
    });
  });

  it.each([
    'SUM(Ventas[Importe]); DROP TABLE "Ventas"',
    'SUM(Ventas[Importe]) --',
    "SUM(Ventas[Importe]) || 'x'",
    'EXEC(Ventas[Importe])',
    'SUM(1)',
    'SUM(Ventas[Importe]',
    '"Ventas"."Importe"',
  ])('rejects %s', (expression) => {
    expect(() => parseMeasure(expression)).toThrow(/Measure expression/);
  });

  it('checks every column a measure reads when the dataset is loaded', () => {
    const broken = {
      ...miniRetail,
      tables: miniRetail.tables.map((table) =>
        table.name === 'Ventas'
          ? { ...table, measures: [{ name: 'Malo', expression: 'SUM(Ventas[NoExiste])' }] }
          : table,
      ),
    };
    expect(() => new DatasetModel(broken)).toThrow(/Unknown column: Ventas\[NoExiste\]/);
  });
});

describe('dataset schema for the frame', () => {
  it('lists tables, typed columns, measures and hierarchies without expressions', () => {
    const schema = toDatasetSchema(miniRetail);
    const sales = schema.tables.find((table) => table.name === 'Ventas')!;
    expect(sales.measures[0]).toEqual({ name: 'Total' });
    expect(sales.columns).toContainEqual({ name: 'Importe', dataType: 'number', format: '#,0.00' });
    expect(JSON.stringify(schema)).not.toContain('SUM(');
    expect(
      schema.tables
        .find((table) => table.name === 'Calendario')!
        .hierarchies[0]!.levels.map((level) => level.name),
    ).toEqual(['Año', 'Trimestre', 'Mes', 'Día']);
  });
});
