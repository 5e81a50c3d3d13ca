import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsageMetrics } from './usage-metrics.ts';

/** A collector on loopback that keeps each OTLP request's path and body. */
const received: { path: string; body: string }[] = [];
const collector = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let endpoint = '';

beforeAll(async () => {
  await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => collector.close(done)));

describe('usage metrics over OTLP', () => {
  it('sends the opens and their phases to the configured collector', async () => {
    const metrics = createUsageMetrics(endpoint);
    metrics.record({
      reportUid: 'r1',
      phases: { tokenMs: 80, loadedMs: 300, renderedMs: 120, totalMs: 520 },
      device: 'phone',
    });
    metrics.record({ reportUid: 'r1', phases: {}, errorCode: 'forbidden', device: 'desktop' });
    await metrics.flush();
    await metrics.shutdown();

    const metricCalls = received.filter((call) => call.path === '/v1/metrics');
    expect(metricCalls.length).toBeGreaterThan(0);
    const bodies = metricCalls.map((call) => call.body).join('\n');
    expect(bodies).toContain('vitrina.report.opens');
    expect(bodies).toContain('vitrina.report.open.duration');
    expect(bodies).toContain('forbidden');
    expect(bodies).toContain('phone');
  });
});
