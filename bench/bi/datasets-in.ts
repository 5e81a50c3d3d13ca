/**
 * Data-in benchmark (not a test), each against its floor in the same run (ours and the floor
 * alternate, three times; the median and every run's pair are printed):
 *   - importing a 1 M-row CSV through the import service vs DuckDB's own `read_csv` of the file;
 *   - push throughput over HTTP at 10,000 rows a call (rows/s);
 *   - refreshing a 1 M-row PostgreSQL table vs `COPY … TO STDOUT` by psql (skipped, saying so,
 *     when PostgreSQL or psql is not there).
 *
 *   ./node_modules/.bin/node bench/bi/datasets-in.ts [rows]
 */
import { columns } from '@vitrina/test-support/columns';
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { loadConfig } from '../../apps/bi-service/src/config.ts';
import { listen } from '../../apps/bi-service/src/listen.ts';
import { createServices } from '../../apps/bi-service/src/services.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
const RUNS = 3;
const root = mkdtempSync(join(tmpdir(), 'vitrina-bench-datain-'));
// The PostgreSQL source is the machine's own, on loopback: allowed by name (decision 0222).
const services = createServices(
  loadConfig({ DATA_DIR: root, VITRINA_DEMO: 'false', BI_SOURCE_ALLOWED_HOSTS: '127.0.0.1' }),
);
const workspaceId = await services.catalog.ensureWorkspace('Bench');
const member = { workspace: { id: workspaceId, name: 'Bench' }, role: 'Admin' as const };

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Every run's pair, in the order they ran (the machine is shared: the spread is part of the figure). */
const pairs = (ours: number[], floor: number[]) =>
  ours.map((o, run) => `${seconds(o)} / ${seconds(floor[run]!)}`).join(', ');

async function csvImport() {
  const csv = join(root, 'ventas.csv');
  const lines = ['Fecha;Tienda;Producto;Unidades;Importe'];
  for (let index = 0; index < rows; index++) {
    const day = String((index % 28) + 1).padStart(2, '0');
    const amount = `${index % 997},${String(index % 100).padStart(2, '0')}`;
    lines.push(
      `${day}/03/2025;Tienda ${index % 68};Producto ${index % 100};${index % 9};${amount}`,
    );
  }
  writeFileSync(csv, `${lines.join('\n')}\n`);
  const ours: number[] = [];
  const floor: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    ours.push(
      await timed(() =>
        services.imports.importFile(
          member,
          {
            name: 'Ventas',
            file: { stream: createReadStream(csv), fileName: 'ventas.csv' },
            conflict: 'CreateOrOverwrite',
          },
          new AbortController().signal,
        ),
      ),
    );
    const instance = await DuckDBInstance.create(join(root, `floor-${run}.duckdb`));
    const connection = await instance.connect();
    floor.push(
      await timed(() =>
        connection.run(
          `CREATE TABLE t AS SELECT * FROM read_csv('${csv}', delim = ';', header = true, decimal_separator = ',', dateformat = '%d/%m/%Y')`,
        ),
      ),
    );
    connection.closeSync();
    instance.closeSync();
  }
  const [o, f] = [median(ours), median(floor)];
  console.log(
    `CSV import, ${rows.toLocaleString('en')} rows: ours ${seconds(o)}, DuckDB read_csv ${seconds(f)}, ratio ${(o / f).toFixed(2)}× (runs, ours / floor: ${pairs(ours, floor)})`,
  );
}

async function pushThroughput() {
  const running = await listen(services, { port: 0, tlsPort: 0, host: '127.0.0.1' });
  const dataset = await services.pushDatasets.createPush(
    member,
    {
      name: 'Empuje',
      tables: [
        {
          name: 'Lecturas',
          columns: columns({ Sensor: 'String', Hora: 'DateTime', Valor: 'Double', Lote: 'Int64' }),
        },
      ],
    },
    'None',
  );
  // The service's own key signs a token for a member, as the CLI does (decision 0138).
  await services.catalog.addApp('5c1b4a52-8f7e-4d7a-9d35-1f0c2b7e9a10', 'bench', 'bench-secret');
  await services.catalog.grant('Bench', { app: '5c1b4a52-8f7e-4d7a-9d35-1f0c2b7e9a10' }, 'Admin');
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: '5c1b4a52-8f7e-4d7a-9d35-1f0c2b7e9a10',
    client_secret: 'bench-secret',
    scope: 'https://analysis.windows.net/powerbi/api/.default',
  });
  const tokenResponse = await fetch(`http://127.0.0.1:${running.port}/bench/oauth2/v2.0/token`, {
    method: 'POST',
    body: form,
  });
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
  const calls = 50;
  const bodies = Array.from({ length: calls }, (_, call) =>
    JSON.stringify({
      rows: Array.from({ length: 10_000 }, (_, index) => ({
        Sensor: `S${index % 50}`,
        Hora: '2025-03-01T10:00:00Z',
        Valor: index * 0.5,
        Lote: call,
      })),
    }),
  );
  const url = `http://127.0.0.1:${running.port}/v1.0/myorg/groups/${workspaceId}/datasets/${dataset.id}/tables/Lecturas/rows`;
  const elapsed = await timed(async () => {
    for (const body of bodies) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      if (response.status !== 200) throw new Error(`push answered ${response.status}`);
    }
  });
  const rate = (calls * 10_000) / (elapsed / 1000);
  console.log(
    `Push, ${calls} calls × 10,000 rows over HTTP: ${Math.round(rate).toLocaleString('en')} rows/s (${Math.round(elapsed / calls)} ms a call)`,
  );
  await running.close();
}

async function postgresRefresh() {
  const adminUrl = process.env['VITRINA_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `vitrina_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL refresh: SKIPPED, PostgreSQL is not reachable at ${adminUrl}`);
    return;
  }
  await admin.query(`CREATE DATABASE ${database}`);
  // Sources connect as a role that can read only what they copy (superusers are refused).
  const reader = `${database}_lector`;
  await admin.query(`CREATE ROLE ${reader} LOGIN`);
  const sourceUrl = new URL(adminUrl);
  sourceUrl.pathname = `/${database}`;
  const readerUrl = new URL(sourceUrl);
  readerUrl.username = reader;
  readerUrl.password = '';
  const source = new pg.Client({ connectionString: sourceUrl.toString() });
  try {
    await source.connect();
    await source.query(
      `CREATE TABLE ventas AS SELECT i AS id, date '2025-01-01' + (i % 365) AS fecha, 'Tienda ' || (i % 68) AS tienda, (i % 997)::numeric(12,2) AS importe FROM generate_series(1, ${rows}) AS i`,
    );
    await source.query(`GRANT SELECT ON ventas TO ${reader}`);
    await source.end();
    const created = await services.postgresSources.connect(member, {
      name: 'Ventas PG',
      connectionString: readerUrl.toString(),
      tables: ['public.ventas'],
      queries: [],
    });
    const ours: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      ours.push(await timed(() => services.postgresSources.refreshNow(member, created.id)));
      floor.push(
        await timed(async () => {
          const copy = spawnSync('psql', [sourceUrl.toString(), '-qc', 'COPY ventas TO STDOUT'], {
            maxBuffer: 1024 ** 3,
          });
          if (copy.status !== 0) throw new Error(`psql failed: ${String(copy.stderr)}`);
        }),
      );
    }
    const [o, f] = [median(ours), median(floor)];
    console.log(
      `PostgreSQL refresh, ${rows.toLocaleString('en')} rows: ours ${seconds(o)}, COPY TO STDOUT (psql) ${seconds(f)}, ratio ${(o / f).toFixed(2)}× (runs, ours / floor: ${pairs(ours, floor)})`,
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${reader}`);
    await admin.end();
  }
}

try {
  await csvImport();
  await pushThroughput();
  await postgresRefresh();
} finally {
  await services.close();
  rmSync(root, { recursive: true, force: true });
}
