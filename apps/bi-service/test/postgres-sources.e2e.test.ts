import { columns } from '@vitrina/test-support/columns';
import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './harness.ts';
import { useComercialWorkspace } from './comercial-workspace.ts';
import {
  createTestDatabase,
  postgresAvailable,
  runSql,
  type TestDatabase,
} from './postgres-test-database.ts';

const available = await postgresAvailable();

describe.skipIf(!available)('PostgreSQL sources', () => {
  let database: TestDatabase;
  /** The source as a reader role sees it: what the datasets connect with. */
  let sourceUrl = '';
  const onSource = async (sql: string) => void (await runSql(database.ownerUrl, sql));
  beforeAll(async () => {
    database = await createTestDatabase('vitrina_datain');
    sourceUrl = database.readerUrl;
    await onSource(`
      CREATE TABLE tienda.tiendas (id int PRIMARY KEY, ciudad text);
      CREATE TABLE tienda.ventas (tienda int, fecha date, importe numeric(12,2), pagado boolean);
      INSERT INTO tienda.tiendas VALUES (1, 'Lima'), (2, 'Quito');
      INSERT INTO tienda.ventas VALUES (1, '2025-03-01', 10.50, true), (2, '2025-03-02', 4, false);`);
  });
  afterAll(() => database.drop());
  // Started after the source database is made, and closed before it is dropped; in the npm start
  // trial's run mode, where a loopback PostgreSQL may be a source.
  const { service, token, rest, frameQueryRows } = useComercialWorkspace(
    { NODE_ENV: 'test' },
    { sourceLog: () => undefined },
  );

  /** Stores per city, read through the frame's API with an embed token from GenerateToken. */
  async function storesByCity(datasetId: string) {
    return frameQueryRows(datasetId, {
      groupBy: [{ table: 'tiendas', column: 'ciudad' }],
      measures: [{ table: 'tiendas', column: 'id', aggregation: 'Count' }],
      orderBy: [{ field: { table: 'tiendas', column: 'ciudad' }, direction: 1 }],
    });
  }

  async function connectSales() {
    const created = await rest('/datasets/postgresql', {
      body: {
        name: `Tiendas PG ${Math.random()}`,
        connectionString: sourceUrl,
        tables: ['tienda.tiendas'],
        queries: [
          { name: 'ventas', sql: 'SELECT tienda, fecha, importe, pagado FROM tienda.ventas' },
        ],
      },
    });
    expect(created.status).toBe(201);
    return String(created.json['id']);
  }

  it('copies tables and queries in with their types, and never stores the URL in clear', async () => {
    const id = await connectSales();
    const tables = await rest(`/datasets/${id}/tables`);
    expect(tables.json['value']).toEqual([
      {
        name: 'tiendas',
        columns: columns({ id: 'Int64', ciudad: 'String' }),
        measures: [],
        rowCount: 2,
      },
      {
        name: 'ventas',
        columns: columns({
          tienda: 'Int64',
          fecha: 'Date',
          importe: 'Double',
          pagado: 'Boolean',
        }),
        measures: [],
        rowCount: 2,
      },
    ]);
    expect((await rest(`/datasets/${id}`)).json).toMatchObject({
      isRefreshable: true,
      addRowsAPIEnabled: false,
    });
    for (const file of ['metadata.db', 'metadata.db-wal']) {
      const bytes = readFileSync(join(service().dataRoot, 'bi', file));
      expect(bytes.includes(Buffer.from(database.name))).toBe(false);
    }
  });

  it('refreshes on demand, and a failed refresh keeps the last good data and records why', async () => {
    const id = await connectSales();
    expect(await storesByCity(id)).toEqual([
      ['Lima', 1],
      ['Quito', 1],
    ]);
    await onSource(`INSERT INTO tienda.tiendas VALUES (3, 'Cusco')`);
    expect(await rest(`/datasets/${id}/refreshes`, { body: {} })).toMatchObject({ status: 202 });
    const refreshed = [
      ['Cusco', 1],
      ['Lima', 1],
      ['Quito', 1],
    ];
    expect(await storesByCity(id)).toEqual(refreshed);
    const version = service().services.queries.version(id);
    await onSource('ALTER TABLE tienda.tiendas RENAME TO tiendas_old');
    try {
      expect((await rest(`/datasets/${id}/refreshes`, { body: {} })).status).toBe(202);
    } finally {
      await onSource('ALTER TABLE tienda.tiendas_old RENAME TO tiendas');
      await onSource('DELETE FROM tienda.tiendas WHERE id = 3');
    }
    expect(await storesByCity(id)).toEqual(refreshed);
    expect(service().services.queries.version(id)).toBe(version);
    const history = (await rest(`/datasets/${id}/refreshes`)).json['value'] as {
      status: string;
      serviceExceptionJson?: string;
    }[];
    expect(history.map((entry) => entry.status)).toEqual(['Failed', 'Completed', 'Completed']);
    expect(JSON.parse(history[0]!.serviceExceptionJson!)).toMatchObject({
      errorCode: 'ModelRefreshFailed',
      errorDescription: expect.stringContaining('tienda.tiendas'),
    });
  });

  it('copies awkward values as they are: quotes, commas and line breaks, empty and 3 MB texts, NULLs, timestamps, an empty query', async () => {
    await onSource(`
      CREATE TABLE tienda.rarezas (id int, texto text, momento timestamp, zona timestamptz, dia date, importe numeric, grande bigint, pagado boolean);
      INSERT INTO tienda.rarezas VALUES
        (1, E'coma, "comillas" y\nsalto', '2025-03-01 23:30:00', '2025-03-02 12:00:00+00', '2025-03-05', 1.25, 1234567890123, true),
        (2, '', NULL, NULL, NULL, NULL, NULL, false),
        (3, NULL, '2025-03-04 00:00:00', NULL, NULL, -0.5, -7, NULL),
        (4, repeat('x', 3000000), NULL, NULL, NULL, NULL, NULL, NULL);
      CREATE TABLE tienda.vacia (id int, nombre text);`);
    const created = await rest('/datasets/postgresql', {
      body: {
        name: 'Rarezas PG',
        connectionString: sourceUrl,
        tables: ['tienda.rarezas'],
        queries: [{ name: 'vacia', sql: 'SELECT * FROM tienda.vacia' }],
      },
    });
    expect(created.status).toBe(201);
    const id = String(created.json['id']);
    const column = (name: string) => ({ table: 'rarezas', column: name });
    const rows = await frameQueryRows(id, {
      groupBy: ['id', 'texto', 'momento', 'zona', 'dia', 'grande', 'pagado'].map(column),
      measures: [{ ...column('importe'), aggregation: 'Sum' }],
      orderBy: [{ field: column('id'), direction: 1 }],
    });
    expect(rows).toEqual([
      [
        1,
        'coma, "comillas" y\nsalto',
        '2025-03-01',
        '2025-03-02',
        '2025-03-05',
        1234567890123,
        true,
        1.25,
      ],
      [2, '', null, null, null, null, false, null],
      [3, null, '2025-03-04', null, null, -7, null, -0.5],
      [4, 'x'.repeat(3_000_000), null, null, null, null, null, null],
    ]);
    const tables = (await rest(`/datasets/${id}/tables`)).json['value'] as {
      name: string;
      columns: unknown[];
    }[];
    expect(tables[1]).toMatchObject({
      name: 'vacia',
      columns: columns({ id: 'Int64', nombre: 'String' }),
    });
    const empty = await frameQueryRows(id, {
      groupBy: [{ table: 'vacia', column: 'nombre' }],
      measures: [{ table: 'vacia', column: 'id', aggregation: 'Count' }],
    });
    expect(empty).toEqual([]);
  });

  it('keeps row-level-security roles across a refresh (decision 0170)', async () => {
    const id = await connectSales();
    const lima = {
      name: 'Lima',
      filters: [{ table: 'tiendas', column: 'ciudad', operator: 'In', values: ['Lima'] }],
    };
    const set = await rest(`/datasets/${id}/roles`, { method: 'PUT', body: { value: [lima] } });
    expect(set.status).toBe(200);
    const limaStores = async () => {
      const generated = await call(service().url, '/v1.0/myorg/GenerateToken', {
        token: token(),
        body: {
          datasets: [{ id }],
          identities: [{ username: 'ana@tiendas.demo', roles: ['Lima'], datasets: [id] }],
        },
      });
      const answer = await call(service().url, `/v1.0/embed/datasets/${id}/query`, {
        token: String(generated.json['token']),
        scheme: 'EmbedToken',
        body: {
          groupBy: [{ table: 'tiendas', column: 'ciudad' }],
          measures: [{ table: 'tiendas', column: 'id', aggregation: 'Count' }],
        },
      });
      return answer.json['rows'];
    };
    expect(await limaStores()).toEqual([['Lima', 1]]);
    await onSource(`INSERT INTO tienda.tiendas VALUES (4, 'Lima'), (5, 'Cusco')`);
    try {
      expect((await rest(`/datasets/${id}/refreshes`, { body: {} })).status).toBe(202);
    } finally {
      await onSource('DELETE FROM tienda.tiendas WHERE id IN (4, 5)');
    }
    expect((await rest(`/datasets/${id}/roles`)).json).toEqual({ value: [lima] });
    expect(await limaStores()).toEqual([['Lima', 2]]);
  });

  it('refuses a source that is down with a short Spanish Power BI error, storing nothing', async () => {
    const before = await rest('/datasets');
    const refused = await rest('/datasets/postgresql', {
      body: {
        name: 'Caído',
        connectionString: 'postgres://nadie@127.0.0.1:1/nada',
        tables: ['a.b'],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.json['error']).toMatchObject({
      code: 'DataSourceUnreachable',
      message: expect.stringMatching(/^No se pudo conectar con el origen PostgreSQL/),
    });
    expect((await rest('/datasets')).json['value']).toEqual(before.json['value']);
  });

  it('runs a query as one read-only statement: a second statement is refused', async () => {
    const refused = await rest('/datasets/postgresql', {
      body: {
        name: 'Inyección',
        connectionString: sourceUrl,
        queries: [{ name: 'q', sql: 'SELECT 1 AS x; COMMIT; DROP TABLE tienda.tiendas' }],
      },
    });
    expect(refused.json).toMatchObject({ error: { code: 'DataSourceQueryFailed' } });
    const count = await runSql(database.ownerUrl, 'SELECT count(*)::int AS n FROM tienda.tiendas');
    expect(count.rows[0]).toEqual({ n: 2 });
  });

  it('keeps a refresh schedule in Power BI shape and runs a due slot once', async () => {
    const id = await connectSales();
    const patched = await rest(`/datasets/${id}/refreshSchedule`, {
      method: 'PATCH',
      body: {
        value: {
          enabled: true,
          days: ['Monday'],
          times: ['07:00'],
          localTimeZoneId: 'America/Lima',
        },
      },
    });
    expect(patched.json).toEqual({
      enabled: true,
      days: ['Monday'],
      times: ['07:00'],
      localTimeZoneId: 'America/Lima',
      notifyOption: 'NoNotification',
    });
    expect((await rest(`/datasets/${id}/refreshSchedule`)).json).toEqual(patched.json);
    // Monday 2025-03-03 07:10 in Lima (UTC-5) is 12:10 UTC.
    const due = new Date('2025-03-03T12:10:00Z');
    await service().services.postgresSources.runDueRefreshes(due);
    await service().services.postgresSources.runDueRefreshes(due);
    await service().services.postgresSources.runDueRefreshes(new Date('2025-03-03T13:10:00Z'));
    const history = (await rest(`/datasets/${id}/refreshes`)).json['value'] as {
      refreshType: string;
    }[];
    expect(history.map((entry) => entry.refreshType)).toEqual(['Scheduled', 'ViaApi']);
    const badZone = await rest(`/datasets/${id}/refreshSchedule`, {
      method: 'PATCH',
      body: { value: { localTimeZoneId: 'Marte/Olympus' } },
    });
    expect(badZone.json).toMatchObject({ error: { code: 'InvalidRequest' } });
  });

  // Each CLI run is a separate Node process (a couple of seconds to start here).
  it('connects and refreshes through the CLI', { timeout: 60_000 }, async () => {
    const bi = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        [resolve(import.meta.dirname, '../src/cli/bi.ts'), ...args],
        {
          env: {
            ...process.env,
            DATA_DIR: service().dataRoot,
            BI_PORT: String(service().running.port),
          },
        },
      );
    const connected = await bi(
      'dataset',
      'connect',
      'Comercial',
      sourceUrl,
      '--name',
      'Tiendas CLI',
      '--table',
      'tienda.tiendas',
      '--query',
      'ventas=SELECT * FROM tienda.ventas',
    );
    expect(connected.stdout).toContain('Tiendas CLI conectado');
    const refreshed = await bi('dataset', 'refresh', 'Comercial', 'Tiendas CLI');
    expect(refreshed.stdout).toContain('Tiendas CLI actualizado');
  });
});
