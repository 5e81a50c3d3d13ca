import { describe, expect, it } from 'vitest';
import { callApi, testDialects } from './helper.ts';
import { insertOpen, useSeededApp } from './fixtures.ts';

/**
 * Usage (issue 30) through the API on both dialects: the beacon's validation, opens counted with
 * their phases and errors, the per-report, per-user and overall figures, the Spanish CSV, the
 * unused reports and the retention pruning. The clock is the test's, so days are fixed.
 */
const start = Date.parse('2026-11-20T23:55:00Z');
const dayMs = 86_400_000;
/** Ten minutes later, the next UTC day (the sessions' tokens are still valid). */
const nextDay = start + 600_000;

describe.each(testDialects)('usage API ($dialect)', ({ dialect, available }) => {
  let now = start;
  const state = useSeededApp(dialect, available, {
    clock: { now: () => new Date(now) },
    env: { USAGE_RETENTION_DAYS: '30' },
  });
  const api = (token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
    callApi(state.context.app, {
      method,
      url,
      token,
      ...(body === undefined ? {} : { body }),
    });
  const open = (token: string, body: Record<string, unknown>) =>
    api(token, 'POST', '/api/usage/opens', body);

  it.skipIf(!available)('refuses a bad open in Spanish, naming the field', async () => {
    const f = state.fixture;
    const cases: [Record<string, unknown>, string][] = [
      [{ reportUid: f.report.uid, phases: {} }, 'Dispositivo: El campo es requerido.'],
      [
        { reportUid: f.report.uid, phases: { totalMs: -1 }, device: 'desktop' },
        'El campo tiene un tipo de dato inválido.',
      ],
      [
        { reportUid: f.report.uid, phases: {}, device: 'tablet' },
        'Dispositivo: El campo tiene un valor no permitido.',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await open(f.tokens.viewer, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    const unknown = await open(f.tokens.viewer, {
      reportUid: 'no-existe',
      phases: {},
      device: 'desktop',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it.skipIf(!available)(
    'counts opens, viewers, phases and errors per report and user',
    async () => {
      now = start;
      const f = state.fixture;
      const timings = [
        { tokenMs: 100, loadedMs: 400, renderedMs: 200, totalMs: 800 },
        { tokenMs: 120, loadedMs: 500, renderedMs: 300, totalMs: 1000 },
        { tokenMs: 90, loadedMs: 300, renderedMs: 100, totalMs: 600 },
      ];
      for (const phases of timings) {
        const answer = await open(f.tokens.viewer, {
          reportUid: f.report.uid,
          phases,
          page: 'Resumen',
          device: 'desktop',
        });
        expect(answer.statusCode).toBe(204);
      }
      now = nextDay;
      expect(
        (
          await open(f.tokens.otherViewer, {
            reportUid: f.report.uid,
            phases: { tokenMs: 50 },
            errorCode: 'forbidden',
            device: 'phone',
          })
        ).statusCode,
      ).toBe(204);

      const report = await api(
        f.tokens.administrator,
        'GET',
        `/api/usage/reports/${f.report.uid}?from=2026-11-19&to=2026-11-21`,
      );
      expect(report.statusCode).toBe(200);
      expect(report.json()).toMatchObject({
        reportUid: f.report.uid,
        opens: 4,
        viewers: 2,
        p50Ms: 800,
        p95Ms: 1000,
        p99Ms: 1000,
        phases: {
          tokenMs: { p50Ms: 90, p99Ms: 120 },
          loadedMs: { p50Ms: 400 },
          renderedMs: { p50Ms: 200 },
        },
        errors: [{ code: 'forbidden', count: 1 }],
        lastOpen: new Date(nextDay).toISOString(),
        days: [
          { day: '2026-11-19', opens: 0, viewers: 0 },
          { day: '2026-11-20', opens: 3, viewers: 1 },
          { day: '2026-11-21', opens: 1, viewers: 1 },
        ],
      });

      const user = await api(f.tokens.administrator, 'GET', `/api/usage/users/${f.viewer.id}`);
      expect(user.statusCode).toBe(200);
      const history = user.json<{ opens: number; recent: { page: string; totalMs: number }[] }>();
      expect(history.opens).toBe(3);
      expect(history.recent.map((o) => o.totalMs)).toEqual([600, 1000, 800]);

      // The fixture's other report was never opened; the opened one is not listed.
      const overview = await api(
        f.tokens.administrator,
        'GET',
        `/api/usage?accountId=${f.account.id}`,
      );
      const figures = overview.json<{ opens: number; unused: { reportUid: string }[] }>();
      expect(figures.opens).toBe(4);
      expect(figures.unused.map((r) => r.reportUid)).toContain(f.hiddenReport.uid);
      expect(figures.unused.map((r) => r.reportUid)).not.toContain(f.report.uid);

      const csv = await api(
        f.tokens.administrator,
        'GET',
        `/api/usage/users/${f.viewer.id}?format=csv`,
      );
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.replace('\uFEFF', '').split('\r\n');
      expect(lines[0]).toBe('Fecha;Informe;Página;Hasta rendered (s);Error;Dispositivo');
      expect(lines[1]).toMatch(/;Resumen;0,6;;Escritorio$/);
    },
  );

  it.skipIf(!available)(
    'refuses a reversed range and prunes opens past the retention',
    async () => {
      const f = state.fixture;
      const reversed = await api(
        f.tokens.administrator,
        'GET',
        `/api/usage/reports/${f.report.uid}?from=2026-11-21&to=2026-11-01`,
      );
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json<{ message: string }>().message).toBe(
        'Desde: La fecha de inicio no puede ser posterior a la de fin.',
      );

      // An open of 40 days ago, beyond the 30 days kept.
      await insertOpen(state.context.db, f, start - 40 * dayMs);
      now = start;
      await open(f.tokens.viewer, { reportUid: f.report.uid, phases: {}, device: 'desktop' });
      expect(await state.context.app.services.usage.prune()).toBe(1);
      const left = await state.context.db.selectFrom('usage_opens').select('at_ms').execute();
      expect(left.map((row) => Number(row.at_ms))).toEqual([start]);
    },
  );
});
