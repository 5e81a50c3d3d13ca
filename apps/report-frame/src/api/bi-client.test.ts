// @vitest-environment node
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BiClient, type BiError } from './bi-client.ts';

/** A loopback server answering like the BI service's embed API does for a few cases. */
const report = {
  id: 'r1',
  name: 'Ventas',
  datasetId: 'd1',
  reportType: 'PowerBIReport',
  revision: 1,
  definition: {
    pages: [
      { name: 'ReportSection1', displayName: 'Resumen', width: 1280, height: 720, visuals: [] },
    ],
  },
  dataset: { id: 'd1', name: 'Ventas', tables: [] },
};
let server: Server;
let baseUrl = '';
const seen: { url: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const reply = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url?.endsWith('/missing'))
      reply(404, { error: { code: 'PowerBIEntityNotFound', message: 'No such report' } });
    else if (request.url?.endsWith('/expired'))
      reply(401, { error: { code: 'TokenExpired', message: 'Expired' } });
    else if (request.url?.endsWith('/broken')) response.writeHead(502).end('bad gateway');
    else if (request.url?.endsWith('/pageless'))
      reply(200, { ...report, definition: { pages: 'none' } });
    else reply(200, report);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

async function failure(reportId: string): Promise<BiError> {
  try {
    await new BiClient('tok', baseUrl).getReport(reportId);
  } catch (error) {
    return error as BiError;
  }
  throw new Error('expected a failure');
}

describe('BiClient', () => {
  it('sends the embed token in the Authorization header only', async () => {
    const client = new BiClient('first', baseUrl);
    await client.getReport('r1');
    client.setToken('second');
    await client.getReport('r1');
    expect(seen.slice(-2).map((s) => s.authorization)).toEqual([
      'EmbedToken first',
      'EmbedToken second',
    ]);
    expect(seen.every((s) => !s.url.includes('first') && !s.url.includes('second'))).toBe(true);
  });

  it("keeps the service's error codes and messages", async () => {
    expect(await failure('missing')).toMatchObject({
      code: 'PowerBIEntityNotFound',
      status: 404,
      message: 'No such report',
    });
    expect(await failure('expired')).toMatchObject({ code: 'TokenExpired', status: 401 });
  });

  it('parses the answer with the contract', async () => {
    expect(await new BiClient('tok', baseUrl).getReport('r1')).toEqual(report);
  });

  it('fails the load on an answer outside the contract, naming the field', async () => {
    expect(await failure('pageless')).toMatchObject({
      code: 'LoadReportFailed',
      status: 200,
      message: expect.stringContaining('definition'),
    });
  });

  it("refuses a malformed answer in the frame's own words: the path and the reason", async () => {
    expect((await failure('pageless')).message).toBe(
      'Unexpected answer from the BI service at definition.pages: expected an array, got a string',
    );
  });

  it('reports anything else as LoadReportFailed', async () => {
    expect(await failure('broken')).toMatchObject({
      code: 'LoadReportFailed',
      status: 502,
      message: 'HTTP 502',
    });
    const unreachable = new BiClient('tok', 'http://127.0.0.1:1');
    await expect(unreachable.getReport('r1')).rejects.toMatchObject({
      code: 'LoadReportFailed',
      status: 0,
    });
  });
});
