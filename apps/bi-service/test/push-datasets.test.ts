import { columns } from '@vitrina/test-support/columns';
import { describe, expect, it } from 'vitest';
import { call } from './harness.ts';
import { useComercialWorkspace } from './comercial-workspace.ts';

const { service, token, groupId, rest, frameQueryRows } = useComercialWorkspace();

const salesDataset = {
  name: 'Ventas empujadas',
  defaultMode: 'Push',
  tables: [
    {
      name: 'Ventas',
      columns: columns({ Tienda: 'Int64', Fecha: 'DateTime', Importe: 'Double' }),
      measures: [{ name: 'Total', expression: 'SUM(Ventas[Importe])' }],
    },
    {
      name: 'Tiendas',
      columns: columns({ Id: 'int64', Ciudad: 'String' }),
    },
  ],
  relationships: [
    { name: 'r1', fromTable: 'Ventas', fromColumn: 'Tienda', toTable: 'Tiendas', toColumn: 'Id' },
  ],
};

const api = (path: string, options: { method?: string; body?: unknown } = {}) =>
  rest(`/datasets${path}`, options);

const errorOf = (response: { status: number; json: Record<string, unknown> }) => [
  response.status,
  (response.json['error'] as { code: string } | undefined)?.code,
];

async function createDataset(query = '') {
  const response = await api(query, { body: salesDataset });
  expect(response.status).toBe(201);
  return String(response.json['id']);
}

/** A frame query with an embed token from GenerateToken, as a report would run it. */
async function totalsByCity(datasetId: string) {
  return frameQueryRows(datasetId, {
    groupBy: [{ table: 'Tiendas', column: 'Ciudad' }],
    measures: [{ table: 'Ventas', measure: 'Total' }],
  });
}

describe('push datasets', () => {
  it('creates a dataset whose tables read back in Power BI shape, listed with the others', async () => {
    const id = await createDataset();
    const tables = await api(`/${id}/tables`);
    expect(tables.json['value']).toEqual([
      {
        name: 'Ventas',
        columns: columns({ Tienda: 'Int64', Fecha: 'DateTime', Importe: 'Double' }),
        measures: [{ name: 'Total', expression: 'SUM(Ventas[Importe])' }],
        rowCount: 0,
      },
      {
        name: 'Tiendas',
        columns: columns({ Id: 'Int64', Ciudad: 'String' }),
        measures: [],
        rowCount: 0,
      },
    ]);
    const listed = await api('');
    expect(
      (listed.json['value'] as { id: string }[]).find((dataset) => dataset.id === id),
    ).toMatchObject({
      name: 'Ventas empujadas',
      addRowsAPIEnabled: true,
      isRefreshable: false,
    });
  });

  it('makes pushed rows visible to the next frame query and counts them, across related tables', async () => {
    const id = await createDataset();
    const stores = [
      { Id: 1, Ciudad: 'Lima' },
      { Id: 2, Ciudad: 'Quito' },
    ];
    expect((await api(`/${id}/tables/Tiendas/rows`, { body: { rows: stores } })).status).toBe(200);
    const sales = [
      { Tienda: 1, Fecha: '2025-03-01T10:00:00Z', Importe: 10.5 },
      { Tienda: 1, Fecha: '2025-03-02', Importe: 4.5 },
      { Tienda: 2, Fecha: '2025-03-02', Importe: 7 },
    ];
    expect((await api(`/${id}/tables/Ventas/rows`, { body: { rows: sales } })).status).toBe(200);
    expect(await totalsByCity(id)).toEqual([
      ['Lima', 15],
      ['Quito', 7],
    ]);
    await api(`/${id}/tables/Ventas/rows`, { body: { rows: [{ Tienda: 2, Importe: 1 }] } });
    expect(await totalsByCity(id)).toEqual([
      ['Lima', 15],
      ['Quito', 8],
    ]);
    const listed = (await api(`/${id}/tables`)).json['value'] as { rowCount: number }[];
    expect(listed.map((table) => table.rowCount)).toEqual([4, 2]);
  });

  it('keeps a DateTime clock and a Date day, both with the date hierarchy, read back by executeQueries', async () => {
    const created = await api('', {
      body: {
        name: 'Turnos',
        tables: [
          {
            name: 'Turnos',
            columns: [
              { name: 'Dia', dataType: 'Date' },
              { name: 'Inicio', dataType: 'DateTime' },
            ],
          },
        ],
      },
    });
    const id = String(created.json['id']);
    const rows = [
      { Dia: '2025-03-01T10:00:00', Inicio: '2025-03-01T10:15:00Z' },
      { Dia: '2024-12-31', Inicio: '2024-12-31' },
    ];
    expect((await api(`/${id}/tables/Turnos/rows`, { body: { rows } })).status).toBe(200);
    const answer = await api(`/${id}/executeQueries`, {
      body: { queries: [{ query: "EVALUATE TOPN(5, 'Turnos')" }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      results: [
        {
          tables: [
            {
              rows: [
                { 'Turnos[Dia]': '2025-03-01', 'Turnos[Inicio]': '2025-03-01T10:15:00' },
                { 'Turnos[Dia]': '2024-12-31', 'Turnos[Inicio]': '2024-12-31T00:00:00' },
              ],
            },
          ],
        },
      ],
    });
    for (const column of ['Dia', 'Inicio'])
      expect(
        await frameQueryRows(id, {
          groupBy: [{ table: 'Turnos', column, datePart: 'year' }],
          measures: [{ table: 'Turnos', column, aggregation: 'Count' }],
        }),
      ).toEqual([
        [2024, 1],
        [2025, 1],
      ]);
    const other = await api(`/${id}/executeQueries`, {
      body: { queries: [{ query: "EVALUATE SUMMARIZE('Turnos')" }] },
    });
    expect(errorOf(other)).toEqual([400, 'InvalidRequest']);
  });

  it('rejects a whole call with a bad row, naming row and column, and writes nothing', async () => {
    const id = await createDataset();
    await api(`/${id}/tables/Tiendas/rows`, { body: { rows: [{ Id: 1, Ciudad: 'Lima' }] } });
    const before = service().services.queries.version(id);
    const rows = [
      { Tienda: 1, Importe: 3 },
      { Tienda: 1, Importe: 'mucho' },
    ];
    const response = await api(`/${id}/tables/Ventas/rows`, { body: { rows } });
    expect(errorOf(response)).toEqual([400, 'InvalidRequest']);
    expect(response.json['error']).toMatchObject({
      message: expect.stringMatching(/Row 2, column Importe/),
    });
    // No sale was written, so no city has a total.
    expect(await totalsByCity(id)).toEqual([]);
    expect(service().services.queries.version(id)).toBe(before);
  });

  it('answers Power BI errors for unknown tables, wrong types, oversize batches and bad models', async () => {
    const id = await createDataset();
    expect(errorOf(await api(`/${id}/tables/Nada/rows`, { body: { rows: [] } }))).toEqual([
      404,
      'PowerBIEntityNotFound',
    ]);
    const tooMany = Array.from({ length: 10_001 }, (_, index) => ({ Id: index }));
    expect(errorOf(await api(`/${id}/tables/Tiendas/rows`, { body: { rows: tooMany } }))).toEqual([
      400,
      'InvalidRequest',
    ]);
    const badType = {
      ...salesDataset,
      tables: [{ name: 'T', columns: [{ name: 'a', dataType: 'Money' }] }],
    };
    expect(errorOf(await api('', { body: badType }))).toEqual([400, 'InvalidRequest']);
    const badMeasure = {
      ...salesDataset,
      tables: [
        { ...salesDataset.tables[0]!, measures: [{ name: 'M', expression: 'SUM(Ventas[Nada])' }] },
      ],
      relationships: [],
    };
    const refused = await api('', { body: badMeasure });
    expect(errorOf(refused)).toEqual([400, 'InvalidRequest']);
    expect(refused.json['error']).toMatchObject({ message: 'Unknown column Nada in table Ventas' });
    expect(errorOf(await api(`/00000000-0000-4000-8000-000000000000/tables`))).toEqual([
      404,
      'PowerBIEntityNotFound',
    ]);
  });

  it('keeps the latest 200,000 rows of a basicFIFO table', async () => {
    const id = await createDataset('?defaultRetentionPolicy=basicFIFO');
    await api(`/${id}/tables/Tiendas/rows`, { body: { rows: [{ Id: 1, Ciudad: 'Lima' }] } });
    for (let call = 0; call < 21; call++) {
      const rows = Array.from({ length: 10_000 }, () => ({ Tienda: 1, Importe: call }));
      expect((await api(`/${id}/tables/Ventas/rows`, { body: { rows } })).status).toBe(200);
    }
    // Calls 1..20 remain: 10,000 × (1 + … + 20) = 2,100,000.
    expect(await totalsByCity(id)).toEqual([['Lima', 2_100_000]]);
  });

  it('changes a table schema keeping its rows, deletes rows, then the dataset, each a new version', async () => {
    const id = await createDataset();
    const versions = [service().services.queries.version(id)];
    await api(`/${id}/tables/Tiendas/rows`, { body: { rows: [{ Id: 1, Ciudad: 'Lima' }] } });
    versions.push(service().services.queries.version(id));
    const reshaped = {
      name: 'Tiendas',
      columns: columns({ Id: 'Int64', Ciudad: 'String', País: 'String' }),
    };
    const put = await api(`/${id}/tables/Tiendas`, { method: 'PUT', body: reshaped });
    expect(put.status).toBe(200);
    versions.push(service().services.queries.version(id));
    await api(`/${id}/tables/Ventas/rows`, { body: { rows: [{ Tienda: 1, Importe: 2 }] } });
    expect(await totalsByCity(id)).toEqual([['Lima', 2]]);
    expect((await api(`/${id}/tables/Ventas/rows`, { method: 'DELETE' })).status).toBe(200);
    versions.push(service().services.queries.version(id));
    expect(await totalsByCity(id)).toEqual([]);
    expect(versions).toEqual([1, 2, 3, 5]);
    expect((await api(`/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(errorOf(await api(`/${id}/tables`))).toEqual([404, 'PowerBIEntityNotFound']);
    expect(service().services.queries.version(id)).toBeUndefined();
  });

  it('is the target of a create-report token and answers the Q&A box', async () => {
    const id = await createDataset();
    await api(`/${id}/tables/Tiendas/rows`, { body: { rows: [{ Id: 1, Ciudad: 'Lima' }] } });
    await api(`/${id}/tables/Ventas/rows`, { body: { rows: [{ Tienda: 1, Importe: 9 }] } });
    const created = await call(
      service().url,
      `/v1.0/myorg/groups/${groupId()}/reports/GenerateToken`,
      {
        token: token(),
        body: { accessLevel: 'Create', datasetId: id },
      },
    );
    expect(created.status).toBe(200);
    const answer = await call(service().url, `/v1.0/embed/datasets/${id}/qna`, {
      token: String(created.json['token']),
      scheme: 'EmbedToken',
      body: { question: 'Total por Ciudad' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json['query']).toMatchObject({
      groupBy: [{ table: 'Tiendas', column: 'Ciudad' }],
      measures: [{ table: 'Ventas', measure: 'Total' }],
    });
  });
});
