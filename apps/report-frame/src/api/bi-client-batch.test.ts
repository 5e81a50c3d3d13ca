// @vitest-environment node
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BiClient } from './bi-client.ts';

const result = (value: number) => ({
  columns: [{ name: 'Total', type: 'number' }],
  rows: [[value]],
  truncated: false,
});

const malformedLine = { index: 0, result: { ...result(0), rows: 'none' } };

/**
 * Answers a batch like the BI service: line 1 first, then (after the client has read it) line 0
 * and an error for line 2; line 3 is never answered. `/expired/queries` refuses the whole batch.
 */
let server: Server;
let baseUrl = '';
let firstLineRead: () => void = () => undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/v1.0/embed/datasets/expired/')) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'TokenExpired', message: 'Expired' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    if (request.url?.startsWith('/v1.0/embed/datasets/malformed/')) {
      response.end(
        [{ index: 2, result: result(2) }, malformedLine, { index: 1, result: result(1) }]
          .map((line) => `${JSON.stringify(line)}\n`)
          .join(''),
      );
      return;
    }
    response.write(`${JSON.stringify({ index: 1, result: result(1) })}\n`);
    firstLineRead = () => {
      response.write(`${JSON.stringify({ index: 0, result: result(0) })}\n{"index":2,`);
      response.end(`"error":{"code":"InvalidRequest","message":"Unknown column"}}\n`);
    };
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('BiClient.queryBatch', () => {
  it('settles each query from its own line, while the rest of the answer is still coming', async () => {
    const client = new BiClient('tok', baseUrl);
    const [zero, one, two, three] = client.queryBatch('d1', [{}, {}, {}, {}]);
    // Line 1 arrives on its own: the server writes the rest only once this promise has settled.
    expect(await one).toEqual(result(1));
    firstLineRead();
    expect(await zero).toEqual(result(0));
    await expect(two).rejects.toMatchObject({
      code: 'InvalidRequest',
      status: 400,
      message: 'Unknown column',
    });
    await expect(three).rejects.toMatchObject({ code: 'LoadReportFailed' });
  });

  it("fails every query with the service's error when the batch is refused", async () => {
    const answers = new BiClient('tok', baseUrl).queryBatch('expired', [{}, {}]);
    for (const answer of answers) {
      await expect(answer).rejects.toMatchObject({ code: 'TokenExpired', status: 401 });
    }
  });

  it("refuses a malformed line in the frame's own words, and the lines after it with it", async () => {
    const [zero, one, two] = new BiClient('tok', baseUrl).queryBatch('malformed', [{}, {}, {}]);
    const refusal = {
      code: 'LoadReportFailed',
      status: 200,
      message:
        'Unexpected answer from the BI service at result.rows: expected an array, got a string',
    };
    await Promise.all([
      expect(two).resolves.toEqual(result(2)),
      expect(zero).rejects.toMatchObject(refusal),
      expect(one).rejects.toMatchObject(refusal),
    ]);
  });
});
