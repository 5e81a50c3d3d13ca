/**
 * File imports within their limits (decision 0223), over real HTTP on loopback: every refusal is
 * a Power BI error body, comes before the heavy work, and leaves no upload behind. Limits are
 * set small here (4 MB files, 8 MB of XLSX expansion, 3 s, 64 MB) so each case is quick; the figures
 * under the default limits come from import-limits.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  comercial,
  comercialViewerToken,
  startTestService,
  userToken,
  workspaceIdOf,
  type TestService,
} from './harness.ts';
import { leftoverUploads, streamedUpload, wideCsv, workbook, xlsxBomb } from './hostile-files.ts';

const MB = 1024 * 1024;
let service: TestService;
let token = '';
let groupId = '';

beforeAll(async () => {
  service = await startTestService({
    VITRINA_DEMO: 'false',
    BI_IMPORT_MAX_BYTES: String(4 * MB),
    BI_IMPORT_MAX_XLSX_EXPANDED_BYTES: String(8 * MB),
    BI_IMPORT_TIMEOUT_S: '3',
    BI_IMPORT_MEMORY_MB: '64',
  });
  token = await userToken(service.url, comercial);
  groupId = await workspaceIdOf(service.url, token, 'Comercial');
});
afterAll(() => service.close());

const importsUrl = () => `${service.url}/v1.0/myorg/groups/${groupId}/imports`;

/** Uploads one file as Power BI clients do; answers the status and the JSON body. */
async function upload(fileName: string, content: Uint8Array | string, bearer = token) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = await fetch(importsUrl(), {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

const refusal = (message: string | RegExp) => ({
  error: {
    code: 'InvalidRequest',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  },
});

/** The uploads left behind, once the import that made them has had time to clean up. */
async function settledLeftovers() {
  for (let tries = 0; tries < 50 && leftoverUploads(service.dataRoot).length > 0; tries++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return leftoverUploads(service.dataRoot);
}

describe('import limits', () => {
  it('answers 400 for an empty file, and takes a header without rows as an empty table', async () => {
    expect(await upload('vacio.csv', '')).toEqual({
      status: 400,
      json: refusal('The file is empty'),
    });
    expect(await upload('blanco.csv', '\n \n')).toEqual({
      status: 400,
      json: refusal('The file is empty'),
    });
    expect(await upload('vacio.xlsx', '')).toEqual({
      status: 400,
      json: refusal('The file is empty'),
    });
    expect((await upload('cabecera.csv', 'Tienda;Importe\n')).status).toBe(202);
    expect(await settledLeftovers()).toEqual([]);
  });

  it('refuses a CSV 10,000 columns wide from its header', async () => {
    const started = performance.now();
    const answer = await upload('ancho.csv', wideCsv(10_000, 3.2 * MB));
    expect(answer).toEqual({
      status: 400,
      json: refusal('The file has 10000 columns; an import takes at most 1000'),
    });
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(await settledLeftovers()).toEqual([]);
  });

  it(
    'refuses an XLSX bomb from its zip directory, before inflating it',
    { timeout: 30_000 },
    async () => {
      const answer = await upload('bomba.xlsx', await xlsxBomb(300));
      expect(answer).toEqual({
        status: 400,
        json: refusal(
          'The workbook part xl/worksheets/sheet1.xml inflates more than 100 times: it is not read',
        ),
      });
      expect(await settledLeftovers()).toEqual([]);
    },
  );

  it(
    'stops a workbook that inflates past the limit without looking like a bomb',
    { timeout: 30_000 },
    async () => {
      // Varied numbers compress about 3 times: no ratio gives it away, the inflated bytes do.
      const rows = function* () {
        for (let block = 0; block < 200; block++)
          yield Array.from({ length: 1000 }, (_, index) => {
            const row = block * 1000 + index;
            return `<row><c><v>${(row * 7919) % 100_003}</v></c><c><v>${row}.${row % 97}</v></c></row>`;
          }).join('');
      };
      const answer = await upload('grande.xlsx', await workbook(rows));
      expect(answer).toEqual({
        status: 400,
        json: refusal(`The workbook inflates to more than the ${8 * MB} bytes an import may read`),
      });
    },
  );

  it(
    'refuses a file that needs more memory than an import may use',
    { timeout: 30_000 },
    async () => {
      const answer = await upload('ancho.csv', wideCsv(1000, 3.2 * MB));
      expect(answer).toEqual({
        status: 400,
        json: refusal('The file needs more than the 64 MB an import may use'),
      });
      expect(await settledLeftovers()).toEqual([]);
    },
  );

  it('refuses a sheet wider than the column limit as it reads the first row', async () => {
    const cells = Array.from(
      { length: 1001 },
      (_, index) => `<c t="inlineStr"><is><t>C${index}</t></is></c>`,
    );
    const answer = await upload(
      'ancho.xlsx',
      await workbook(() => [`<row>${cells.join('')}</row>`]),
    );
    expect(answer).toEqual({ status: 400, json: refusal('The sheet has more than 1000 columns') });
    expect(await settledLeftovers()).toEqual([]);
  });

  it('answers 413 for a file over the size limit, announced or streamed', async () => {
    const tooLarge = refusal('The file is larger than the 4 MB the service accepts');
    expect(await upload('grande.csv', wideCsv(10, 5 * MB))).toEqual({
      status: 413,
      json: tooLarge,
    });
    const chunk = new Uint8Array(MB).fill(0x31);
    const streamed = await fetch(
      importsUrl(),
      streamedUpload(
        token,
        (async function* () {
          for (let sent = 0; sent < 6; sent++) yield chunk;
        })(),
      ),
    );
    expect([streamed.status, await streamed.json()]).toEqual([413, tooLarge]);
    expect(await settledLeftovers()).toEqual([]);
  });

  it('answers 403 to a workspace Viewer without keeping the file', async () => {
    const viewer = await comercialViewerToken(service, {
      username: 'lectora@vitrina.demo',
      password: 'Lectora2024',
    });
    const answer = await upload('ventas.csv', 'Tienda;Importe\nLima;1\n', viewer);
    expect(answer.status).toBe(403);
    expect(await settledLeftovers()).toEqual([]);
  });

  it('removes the upload when its client goes away mid-file, and keeps answering', async () => {
    const client = new AbortController();
    let sent = 0;
    const sending = fetch(importsUrl(), {
      ...streamedUpload(
        token,
        (async function* () {
          for (;;) {
            yield new TextEncoder().encode('Tienda;Importe\nLima;1\n'.repeat(1000));
            if (++sent === 20) client.abort();
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })(),
      ),
      signal: client.signal,
    });
    await expect(sending).rejects.toThrow();
    expect(await settledLeftovers()).toEqual([]);
    expect((await call(service.url, '/health')).status).toBe(200);
  });

  it('stops an import that outlasts the time limit (a client that sends too slowly)', async () => {
    const started = performance.now();
    const slow = await fetch(
      importsUrl(),
      streamedUpload(
        token,
        (async function* () {
          yield new TextEncoder().encode('Tienda;Importe\n');
          for (let line = 0; line < 100; line++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            yield new TextEncoder().encode('Lima;1\n');
          }
        })(),
      ),
    );
    // The answer comes at the limit, while the body is still being sent.
    expect([slow.status, await slow.json()]).toEqual([
      400,
      refusal('The import took longer than 3 s and was stopped'),
    ]);
    expect(performance.now() - started).toBeLessThan(8000);
    expect(await settledLeftovers()).toEqual([]);
  });
});

describe('an import stopped while DuckDB reads it', () => {
  let slowService: TestService;
  beforeAll(async () => {
    slowService = await startTestService({ VITRINA_DEMO: 'false', BI_IMPORT_TIMEOUT_S: '1' });
  });
  afterAll(() => slowService.close());

  it(
    'interrupts the statement at the time limit and keeps nothing',
    { timeout: 30_000 },
    async () => {
      const bearer = await userToken(slowService.url, comercial);
      const group = await workspaceIdOf(slowService.url, bearer, 'Comercial');
      const form = new FormData();
      // A file 1,000 columns wide takes DuckDB several seconds to type: past the 1 s limit.
      form.append('file', new Blob([wideCsv(1000, 3.2 * MB)]), 'ancho.csv');
      const started = performance.now();
      const answer = await fetch(`${slowService.url}/v1.0/myorg/groups/${group}/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}` },
        body: form,
      });
      expect([answer.status, await answer.json()]).toEqual([
        400,
        refusal('The import took longer than 1 s and was stopped'),
      ]);
      expect(performance.now() - started).toBeLessThan(5000);
      const datasets = await call(slowService.url, `/v1.0/myorg/groups/${group}/datasets`, {
        token: bearer,
      });
      const names = (datasets.json['value'] as { name: string }[]).map((dataset) => dataset.name);
      expect(names).not.toContain('ancho');
      expect(leftoverUploads(slowService.dataRoot)).toEqual([]);
    },
  );
});
