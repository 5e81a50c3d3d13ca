import { describe, expect, it } from 'vitest';
import { byCountry, open, secured, useDataService } from './embed-data-service.ts';

const { token, post } = useDataService();

describe('export route', () => {
  const exportCsv = async (body: unknown) => post(open, 'export', body, await token());

  it('exports the summarized rows of a visual as CSV', async () => {
    const response = await exportCsv({ query: byCountry, exportDataType: 0 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.text).toBe('Pais,Total\r\nChile,51\r\nPerú,48\r\n');
  });

  it("writes the CSV in the report's locale: `;` and decimal commas for Spanish", async () => {
    const response = await exportCsv({ query: byCountry, exportDataType: 0, locale: 'es-ES' });
    expect(response.text).toBe('Pais;Total\r\nChile;51\r\nPerú;48\r\n');
  });

  it('exports the underlying fact rows under the same filters, up to the row limit', async () => {
    const filtered = {
      ...byCountry,
      filters: [
        {
          target: { table: 'Region', column: 'Pais' },
          filterType: 1,
          operator: 'In',
          values: ['Chile'],
        },
      ],
    };
    const response = await exportCsv({ query: filtered, exportDataType: 1, rows: 2 });
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe('Id,Fecha,ProductoId,RegionId,Cantidad,Importe,Pais');
    expect(lines.slice(1)).toEqual(['4,2024-03-05,4,3,1,20,Chile', '5,2024-03-28,1,3,5,25,Chile']);
  });

  it('quotes separators and defuses spreadsheet formulas', async () => {
    const body = {
      query: {
        groupBy: [{ table: 'Producto', column: 'Nombre', displayName: '=Nombre, "visible"' }],
        measures: [],
        limit: 1,
      },
      exportDataType: 0,
    };
    expect((await exportCsv(body)).text).toBe(`"'=Nombre, ""visible"""\r\nLeche\r\n`);
  });
  it("applies the token identity's row-level security to underlying rows too", async () => {
    const grant = {
      datasets: [secured],
      identities: [{ username: 'eva@demo', roles: ['Pais'], datasets: [secured] }],
    };
    const response = await post(
      secured,
      'export',
      { query: byCountry, exportDataType: 1 },
      await token(grant),
    );
    const countries = response.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',').at(-1));
    expect(new Set(countries)).toEqual(new Set(['Chile']));
    expect(countries).toHaveLength(3);
  });
});

describe('Q&A route', () => {
  const ask = async (question: string) =>
    (await post(open, 'qna', { question }, await token())).json;

  it('groups a measure by the column after "por"', async () => {
    expect(await ask('Total por país')).toEqual({
      query: {
        groupBy: [{ table: 'Region', column: 'Pais' }],
        measures: [{ table: 'Ventas', measure: 'Total' }],
        filters: [],
      },
      visualType: 'clusteredColumnChart',
      title: 'Total por Pais',
    });
  });

  it('understands top N and English, and suggests a line over time', async () => {
    const top = await ask('top 2 Nombre by Unidades');
    expect(top['query']).toMatchObject({
      orderBy: [{ field: { measure: 'Unidades' }, direction: 2 }],
      limit: 2,
    });
    expect(top['visualType']).toBe('clusteredBarChart');
    expect((await ask('unidades por mes'))['visualType']).toBe('lineChart');
    expect((await ask('¿cuántas unidades?'))['visualType']).toBe('card');
  });
});
