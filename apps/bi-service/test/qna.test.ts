import { describe, expect, it } from 'vitest';
import { hrDataset } from '../demo/hr-model.ts';
import { salesDataset } from '../demo/sales-model.ts';
import { interpretQuestion } from '../src/modules/queries/qna.ts';

const year = (value: number) => ({
  target: { table: 'Calendario', column: 'Año' },
  filterType: 1,
  operator: 'In',
  values: [value],
});

describe('Q&A interpreter on the demo datasets', () => {
  it('reads "<measure> por <column> en <year>"', () => {
    expect(interpretQuestion(salesDataset, 'Ventas por país en 2024')).toEqual({
      query: {
        groupBy: [{ table: 'Tienda', column: 'País' }],
        measures: [{ table: 'Ventas', measure: 'Ventas' }],
        filters: [year(2024)],
      },
      visualType: 'clusteredColumnChart',
      title: 'Ventas por País en 2024',
    });
  });

  it('reads English questions', () => {
    const answer = interpretQuestion(salesDataset, 'sales by channel in 2023');
    expect(answer.query.groupBy).toEqual([{ table: 'Canal', column: 'Canal' }]);
    expect(answer.query.filters).toEqual([year(2023)]);
  });

  it('tells "Margen" from "Margen %" and finds "Rotación %" without its symbol', () => {
    expect(interpretQuestion(salesDataset, 'margen por mes').query.measures).toEqual([
      { table: 'Ventas', measure: 'Margen' },
    ]);
    expect(interpretQuestion(salesDataset, 'margen % por mes').query.measures).toEqual([
      { table: 'Ventas', measure: 'Margen %' },
    ]);
    expect(interpretQuestion(hrDataset, 'rotación por área').query.measures).toEqual([
      { table: 'Dotación', measure: 'Rotación %' },
    ]);
  });

  it('answers top N with bars, time with a line, two groupings with stacked columns, none with a card', () => {
    const top = interpretQuestion(salesDataset, 'top 5 productos por ventas');
    expect([top.visualType, top.title, top.query.limit]).toEqual([
      'clusteredBarChart',
      'Top 5: Ventas por Producto',
      5,
    ]);
    expect(interpretQuestion(salesDataset, 'unidades por mes').visualType).toBe('lineChart');
    expect(interpretQuestion(salesDataset, 'unidades por categoría y canal').visualType).toBe(
      'stackedColumnChart',
    );
    expect(interpretQuestion(salesDataset, '¿cuántos clientes?').visualType).toBe('card');
  });
});
