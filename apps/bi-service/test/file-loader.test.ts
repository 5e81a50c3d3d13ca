import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/engine/query/run-query.ts';
import { csvSources, openMiniRetail, writeParquetCopies } from './mini-retail.ts';

const query = {
  groupBy: [{ table: 'Calendario', column: 'Fecha' }],
  measures: [{ table: 'Ventas', measure: 'Total' }],
  limit: 2,
};

describe('loading tables from files', () => {
  it.each([
    ['CSV', async () => csvSources],
    ['Parquet', writeParquetCopies],
  ])('%s files load with the declared column types', async (_format, sources) => {
    const { registry, dataset } = await openMiniRetail(await sources());
    try {
      const result = await runQuery(dataset, query);
      expect(result.rows).toEqual([
        ['2024-01-15', 10],
        ['2024-01-20', 5],
      ]);
      expect(result.columns.map((column) => column.type)).toEqual(['date', 'number']);
    } finally {
      registry.close();
    }
  });

  it('fails a file whose values do not fit the declared types', async () => {
    const wrong = csvSources.map((source) =>
      source.table === 'Ventas' ? { ...source, path: csvSources[1]!.path } : source,
    );
    await expect(openMiniRetail(wrong)).rejects.toThrow();
  });
});
