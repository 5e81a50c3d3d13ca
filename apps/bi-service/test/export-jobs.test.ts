/**
 * Export To File job limits and lifetime on the bundled service: the bounded queue (429 with
 * Retry-After), the time limit, the 24 h file, a restart, and no renderer. A test renderer stands
 * in for chromium (test/support/scripted-renderer.ts); the clock moves for the expiry.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from './fixture-content.ts';
import { call, finanzas, startTestService, userToken, type TestService } from './harness.ts';
import { useTestService } from './support/test-service.ts';
import { createScriptedRenderer } from './support/scripted-renderer.ts';
import { pollExport, reportPath, startExport } from './export-calls.ts';

const finance = reportPath('Finanzas', ids.financeReport);
const dayAndASecond = 24 * 3600_000 + 1000;

/** The service's clock, moved forward by the tests. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const scripted = createScriptedRenderer();
const service = useTestService(
  { BI_EXPORT_CONCURRENCY: '1', BI_EXPORT_QUEUE_LIMIT: '1', BI_EXPORT_TIMEOUT_S: '1' },
  { exportRenderer: scripted.renderer, clock },
);
let token = '';
beforeAll(async () => {
  token = await userToken(service.url, finanzas);
});

const start = () => startExport(service.url, token, finance, { format: 'PDF' });
const idOf = (answer: { json: Record<string, unknown> }) => String(answer.json['id']);

describe('Export To File: the queue', () => {
  it('runs BI_EXPORT_CONCURRENCY jobs, queues BI_EXPORT_QUEUE_LIMIT, and answers 429 with Retry-After beyond', async () => {
    const first = scripted.started(scripted.held.length + 1);
    const running = await start();
    const waiting = await start();
    const refused = await start();
    expect([running.status, waiting.status]).toEqual([202, 202]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.json['error']).toMatchObject({ code: 'TooManyRequests' });

    const queued = await call(service.url, `${finance}/exports/${idOf(waiting)}`, { token });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ status: 'NotStarted', percentComplete: 0 });
    expect(queued.headers.get('retry-after')).toBe('2');

    const second = scripted.started(scripted.held.length + 1);
    (await first).finish();
    (await second).finish();
    for (const job of [running, waiting]) {
      const done = await pollExport(service.url, token, finance, idOf(job));
      expect(done.json).toMatchObject({ status: 'Succeeded', percentComplete: 100 });
    }
    // A slot is free again.
    const again = scripted.started(scripted.held.length + 1);
    expect((await start()).status).toBe(202);
    (await again).finish();
  });

  it('fails a job that outlasts BI_EXPORT_TIMEOUT_S, permanently (no Retry-After)', async () => {
    const held = scripted.started(scripted.held.length + 1);
    const started = await start();
    await held;
    const done = await pollExport(service.url, token, finance, idOf(started));
    expect(done.json).toMatchObject({ status: 'Failed', error: { code: 'ExportTimedOut' } });
    expect(String((done.json['error'] as { message: string }).message)).toContain('1 s');
    expect(done.headers.get('retry-after')).toBeNull();
  });
});

describe('Export To File: cancel (not Power BI’s, decision 0305)', () => {
  const cancel = (id: string) =>
    call(service.url, `${finance}/exports/${id}`, { token, method: 'DELETE' });

  it('stops a running job and drops a waiting one: both Failed as canceled, not worth retrying', async () => {
    const rendering = scripted.started(scripted.held.length + 1);
    const running = await start();
    const waiting = await start();
    const heldBefore = (await rendering, scripted.held.length);

    // The waiting one first: cancelling the running one first would let it start.
    for (const job of [waiting, running]) {
      const canceled = await cancel(idOf(job));
      expect(canceled.status).toBe(200);
      expect(canceled.json).toMatchObject({ status: 'Failed', error: { code: 'ExportCanceled' } });
      expect(canceled.headers.get('retry-after')).toBeNull();
      const polled = await pollExport(service.url, token, finance, idOf(job));
      expect(polled.json).toMatchObject({ status: 'Failed', error: { code: 'ExportCanceled' } });
    }
    // The waiting job never reached the renderer, and the slot is free again.
    const next = scripted.started(heldBefore + 1);
    const again = await start();
    expect(again.status).toBe(202);
    expect((await next).request.reportName).toBeDefined();
    expect(scripted.held).toHaveLength(heldBefore + 1);
    (await next).finish();
    const done = await pollExport(service.url, token, finance, idOf(again));
    expect(done.json).toMatchObject({ status: 'Succeeded' });
    expect((await cancel(idOf(again))).json).toMatchObject({ status: 'Succeeded' });
  });
});

describe('Export To File: the file is kept 24 h', () => {
  it('answers 404 (Power BI’s) for the job and its file after 24 h, and the sweep deletes the file', async () => {
    const rendering = scripted.started(scripted.held.length + 1);
    const started = await start();
    (await rendering).finish();
    await pollExport(service.url, token, finance, idOf(started));
    const path = join(service.services.config.dataDir, 'exports', `${idOf(started)}.pdf`);
    expect(existsSync(path)).toBe(true);

    offsetMs += dayAndASecond;
    token = await userToken(service.url, finanzas);
    const poll = await call(service.url, `${finance}/exports/${idOf(started)}`, { token });
    expect(poll.status).toBe(404);
    expect(poll.json['error']).toMatchObject({ code: 'PowerBIEntityNotFound' });
    const file = await call(service.url, `${finance}/exports/${idOf(started)}/file`, { token });
    expect(file.status).toBe(404);
    await service.services.exports.sweep();
    expect(existsSync(path)).toBe(false);
  });
});

describe('Export To File without a renderer', () => {
  it('fails the job with the renderer’s Spanish reason, and /health says export is unavailable', async () => {
    const reason = 'No se encontró chromium: instálelo con apt-get install -y chromium';
    scripted.unavailable(reason);
    const started = await start();
    const done = await pollExport(service.url, token, finance, idOf(started));
    expect(done.json).toMatchObject({
      status: 'Failed',
      error: { code: 'ExportUnavailable', message: reason },
    });
    const health = await call(service.url, '/health');
    expect(health.json).toEqual({ status: 'ok', export: { available: false, reason } });
  });
});

describe('Export To File across a restart', () => {
  let before: TestService;
  let after: TestService;
  const first = createScriptedRenderer();
  afterAll(async () => {
    await after?.close();
    await before?.close();
  });

  it('answers the jobs that were running as Failed with Retry-After', async () => {
    before = await startTestService({}, { exportRenderer: first.renderer });
    const beforeToken = await userToken(before.url, finanzas);
    const rendering = first.started(1);
    const started = await startExport(before.url, beforeToken, finance, { format: 'PNG' });
    await rendering;

    // A second process on the same data directory: what a restart after a crash finds.
    after = await startTestService(
      { DATA_DIR: before.dataRoot },
      { exportRenderer: createScriptedRenderer().renderer },
    );
    const afterToken = await userToken(after.url, finanzas);
    const poll = await call(after.url, `${finance}/exports/${idOf(started)}`, {
      token: afterToken,
    });
    expect(poll.status).toBe(200);
    expect(poll.json).toMatchObject({ status: 'Failed', error: { code: 'ServiceUnavailable' } });
    expect(poll.headers.get('retry-after')).toBe('30');
  });

  it('ends the jobs under way as the service stops: Failed with Retry-After, the browser closed', async () => {
    const renderer = createScriptedRenderer();
    const stopping = await startTestService({}, { exportRenderer: renderer.renderer });
    try {
      const stoppingToken = await userToken(stopping.url, finanzas);
      const rendering = renderer.started(1);
      const started = await startExport(stopping.url, stoppingToken, finance, { format: 'PDF' });
      await rendering;
      await stopping.running.close();
      const row = await stopping.services.db
        .selectFrom('export_jobs')
        .selectAll()
        .where('id', '=', idOf(started))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'Failed',
        error_code: 'ServiceUnavailable',
        retry_after: 30,
      });
    } finally {
      await stopping.services.close();
      rmSync(stopping.dataRoot, { recursive: true, force: true });
    }
    expect(renderer.closed).toBe(true);
  });
});
