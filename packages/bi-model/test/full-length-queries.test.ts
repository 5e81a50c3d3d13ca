import { describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../src/dataset.ts';
import type { VisualDefinition } from '../src/report.ts';
import { MAX_QUERY_ROWS } from '../src/query.ts';
import { queriesForVisual } from '../src/visual-queries/index.ts';

const schema = { tables: [] } as unknown as DatasetSchema;
const visual = (type: string, fields: VisualDefinition['fields']) =>
  ({
    name: 'v',
    type,
    layout: { x: 0, y: 0, z: 0, width: 1, height: 1 },
    fields,
  }) as VisualDefinition;
const code = { table: 'Filas', column: 'Codigo' };
const total = { table: 'Filas', measure: 'Total' };

describe('queries of a visual printed at full length', () => {
  it('a table asks for 1,000 rows on screen and for the most the service answers in print', () => {
    const table = visual('tableEx', { values: [code, total] });
    expect(queriesForVisual({ visual: table, schema, filters: [] })['rows']?.limit).toBe(1000);
    const printed = queriesForVisual({ visual: table, schema, filters: [], fullLength: true });
    expect(printed['rows']?.limit).toBe(MAX_QUERY_ROWS);
  });

  it("a matrix leaves its rows to the service's default on screen and asks for the most in print", () => {
    const matrix = visual('pivotTable', { category: [code], values: [total] });
    const onScreen = queriesForVisual({ visual: matrix, schema, filters: [] });
    expect(Object.values(onScreen).map((query) => query.limit)).toEqual([undefined, undefined]);
    const printed = queriesForVisual({ visual: matrix, schema, filters: [], fullLength: true });
    expect(Object.values(printed).map((query) => query.limit)).toEqual([
      MAX_QUERY_ROWS,
      MAX_QUERY_ROWS,
    ]);
  });
});
