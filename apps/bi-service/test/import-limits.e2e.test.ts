/**
 * Hostile imports against the BI service as it is deployed: its own entry point (server.ts) in a
 * child process, with the default limits. Its memory (VmRSS) and /health are sampled every
 * 100 ms from here while each import runs; the figures are printed (docs/reliability.md keeps
 * them). Asserted: each file is refused within 60 s, the process stays under 1 GB, and SIGTERM
 * mid-import ends it within 10 s without leaving the upload. /health latency is printed, not
 * asserted: speed is for benchmarks, not tests on a shared machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@vitrina/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import {
  leftoverUploads,
  moderateXlsxBomb,
  streamedUpload,
  wideCsv,
  xlsxBomb,
} from './hostile-files.ts';

const MB = 1024 * 1024;
const clientId = '8f14e45f-ceea-467f-a0a6-7e6b2b1d4c11';
const secret = 'limites-secreto';
const server = resolve(import.meta.dirname, '../main.ts');
const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-limits-'));
let child: ChildProcess;
let url = '';
let token = '';
let groupId = '';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app principal, Admin of a workspace, written to the data folder before the service starts. */
async function prepareDataFolder() {
  const services = createServices(loadConfig({ DATA_DIR: dataRoot, VITRINA_DEMO: 'false' }));
  await services.catalog.addApp(clientId, 'Pruebas de límites', secret);
  groupId = await services.catalog.ensureWorkspace('Limites');
  await services.catalog.grant('Limites', { app: clientId }, 'Admin');
  await services.close();
}

beforeAll(async () => {
  await prepareDataFolder();
  const [port, tlsPort] = [await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      DATA_DIR: dataRoot,
      BI_PORT: String(port),
      BI_TLS_PORT: String(tlsPort),
      BI_HOST: '127.0.0.1',
      VITRINA_DEMO: 'false',
    },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    const health = await fetch(`${url}/health`).catch(() => undefined);
    if (health?.ok) break;
    if (tries === 300) throw new Error('The BI service did not start');
    await sleep(100);
  }
  const answer = await fetch(`${url}/limites/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    }),
  });
  token = ((await answer.json()) as { access_token: string }).access_token;
}, 60_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataRoot, { recursive: true, force: true });
});

/**
 * Samples the child's resident memory and times /health every 100 ms until `stop`; each on its
 * own timer, so a /health that stalls does not stop the memory readings.
 */
function watch(pid: number) {
  let peakRss = 0;
  let longestHealthMs = 0;
  const readRss = () => {
    const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    peakRss = Math.max(peakRss, Number(kilobytes) * 1024);
  };
  readRss();
  const memory = setInterval(readRss, 100);
  let watching = true;
  const health = (async () => {
    while (watching) {
      const started = performance.now();
      await fetch(`${url}/health`);
      longestHealthMs = Math.max(longestHealthMs, performance.now() - started);
      await sleep(100);
    }
  })();
  return async () => {
    watching = false;
    clearInterval(memory);
    await health;
    return { peakRss, longestHealthMs };
  };
}

function upload(fileName: string, content: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  return fetch(`${url}/v1.0/myorg/groups/${groupId}/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Uploads the files at once while watching the process; answers statuses and figures. */
async function hostileImport(label: string, files: [string, Uint8Array][]) {
  const stop = watch(child.pid!);
  const started = performance.now();
  const answers = await Promise.all(files.map(([name, content]) => upload(name, content)));
  const seconds = (performance.now() - started) / 1000;
  const figures = await stop();
  console.log(
    `${label}: answered in ${seconds.toFixed(1)} s, peak RSS ${(figures.peakRss / MB).toFixed(0)} MB, ` +
      `longest /health ${figures.longestHealthMs.toFixed(0)} ms`,
  );
  return { statuses: answers.map((answer) => answer.status), seconds, ...figures };
}

/**
 * Every upload of each run refused with 400 in under a minute, the process staying under 1 GB,
 * and no upload left on disk.
 */
function expectRefusedWithinBounds(...runs: Awaited<ReturnType<typeof hostileImport>>[]) {
  for (const run of runs) {
    expect(run.statuses.every((status) => status === 400)).toBe(true);
    expect(run.seconds).toBeLessThan(60);
    expect(run.peakRss).toBeLessThan(1024 * MB);
  }
  expect(leftoverUploads(dataRoot)).toEqual([]);
}

describe('hostile imports against the deployed BI service', () => {
  it(
    'refuses an XLSX bomb (500 MB of sheet XML), alone and three at once',
    { timeout: 120_000 },
    async () => {
      const bomb = await xlsxBomb(500);
      const one = await hostileImport('XLSX bomb', [['bomba.xlsx', bomb]]);
      const three = await hostileImport('3 XLSX bombs at once', [
        ['bomba1.xlsx', bomb],
        ['bomba2.xlsx', bomb],
        ['bomba3.xlsx', bomb],
      ]);
      expectRefusedWithinBounds(one, three);
    },
  );

  it('refuses a 3.2 MB CSV 10,000 columns wide', { timeout: 120_000 }, async () => {
    const run = await hostileImport('10,000-column CSV', [
      ['ancho.csv', wideCsv(10_000, 3.2 * MB)],
    ]);
    expect(run.statuses).toEqual([400]);
    expectRefusedWithinBounds(run);
  });

  it(
    'refuses the moderate XLSX bomb (500 MB of sheet XML at 75:1, past the default 300 MB), alone and three at once',
    { timeout: 120_000 },
    async () => {
      const bomb = await moderateXlsxBomb();
      const one = await hostileImport('Moderate XLSX bomb', [['moderada.xlsx', bomb]]);
      const three = await hostileImport(
        '3 moderate XLSX bombs at once',
        [1, 2, 3].map((index) => [`moderada${index}.xlsx`, bomb]),
      );
      expectRefusedWithinBounds(one, three);
    },
  );

  it(
    'stops within 10 s on SIGTERM mid-import, leaving no upload',
    { timeout: 60_000 },
    async () => {
      const stalled = (async function* () {
        yield new TextEncoder().encode('Tienda;Importe\n');
        await sleep(60_000);
      })();
      const sending = fetch(
        `${url}/v1.0/myorg/groups/${groupId}/imports`,
        streamedUpload(token, stalled),
      ).catch((error: unknown) => error);
      while (leftoverUploads(dataRoot).length === 0) await sleep(50);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const started = performance.now();
      child.kill('SIGTERM');
      await exited;
      const seconds = (performance.now() - started) / 1000;
      console.log(`SIGTERM mid-import: exited in ${seconds.toFixed(1)} s`);
      expect(seconds).toBeLessThan(10);
      expect(leftoverUploads(dataRoot)).toEqual([]);
      await sending;
    },
  );
});
