import { describe, expect, it } from 'vitest';
import type { Review } from '@vitrina/contracts';
import { pdfText } from '@vitrina/test-support/poppler';
import { callApi, readOutbox, testDialects, tokenFor } from './helper.ts';
import { insertOpen, useSeededApp } from './fixtures.ts';

/**
 * Access reviews (issue 30) through the API on both dialects: two unused accesses are both
 * recommended for removal, one "Quitar" takes the access away (the viewer is refused the
 * report), and the undecided one is kept and escalated once the due date passed.
 */
const start = Date.parse('2026-11-20T10:00:00Z');
const dayMs = 86_400_000;

describe.each(testDialects)('access reviews ($dialect)', ({ dialect, available }) => {
  let now = start;
  const state = useSeededApp(dialect, available, { clock: { now: () => new Date(now) } });
  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    callApi(state.context.app, { method, url, token, ...(body === undefined ? {} : { body }) });

  it.skipIf(!available)('a removal keeps the end of every grant it leaves', async () => {
    now = start;
    const f = state.fixture;
    const admin = f.tokens.administrator;
    const ends = '2026-12-31T23:00:00.000Z';
    const put = await api(admin, 'PUT', '/api/user/permissions', [
      { userId: f.otherViewer.id, accountElementId: f.report.biId },
      { userId: f.otherViewer.id, accountElementId: f.hiddenReport.biId, validUntil: ends },
    ]);
    expect(put.statusCode).toBe(200);
    const review = (
      await api(admin, 'POST', '/api/reviews', {
        scope: { accountElementId: f.report.biId },
        dueDate: '2026-11-25',
      })
    ).json<Review>();
    const line = review.lines.find((l) => l.userId === f.otherViewer.id);
    const decided = await api(admin, 'PUT', `/api/reviews/${review.id}/lines`, {
      decisions: [{ lineId: line?.id, decision: 'remove' }],
    });
    expect(decided.statusCode).toBe(200);
    const left = await api(admin, 'GET', `/api/user/${f.otherViewer.id}/permissions`);
    expect(left.json()).toEqual([
      expect.objectContaining({ accountElementId: f.hiddenReport.biId, validUntil: ends }),
    ]);
  });

  it.skipIf(!available)(
    'recommends removing unused accesses, removes one, escalates the other',
    async () => {
      now = start;
      const f = state.fixture;
      const admin = f.tokens.administrator;
      const granted = await api(admin, 'PUT', `/api/administration/report/${f.report.biId}/users`, [
        { id: f.viewer.id },
        { id: f.otherViewer.id },
      ]);
      expect(granted.statusCode).toBe(200);
      // The viewer last opened the report 100 days ago; the other viewer never did.
      const lastOpen = start - 100 * dayMs;
      await insertOpen(state.context.db, f, lastOpen);

      const badDate = await api(admin, 'POST', '/api/reviews', {
        scope: { accountElementId: f.workspace.biId },
        dueDate: '25/11/2026',
      });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json<{ message: string }>().message).toBe(
        'Fecha límite: El campo requiere el formato AAAA-MM-DD.',
      );

      const started = await api(admin, 'POST', '/api/reviews', {
        scope: { accountElementId: f.workspace.biId },
        dueDate: '2026-11-25',
      });
      expect(started.statusCode).toBe(201);
      const review = started.json<Review>();
      expect(review.scope.name).toBe('Comercial');
      const byUser = new Map(review.lines.map((line) => [line.userId, line]));
      expect(review.lines).toHaveLength(2);
      expect(byUser.get(f.viewer.id)).toMatchObject({
        accountElementId: f.report.biId,
        grantedThrough: { levels: ['report'], groups: [] },
        lastUsed: new Date(lastOpen).toISOString(),
        recommendation: 'remove',
        decision: null,
      });
      expect(byUser.get(f.otherViewer.id)).toMatchObject({
        lastUsed: null,
        recommendation: 'remove',
      });

      const badDecision = await api(admin, 'PUT', `/api/reviews/${review.id}/lines`, {
        decisions: [{ lineId: byUser.get(f.otherViewer.id)?.id, decision: 'borrar' }],
      });
      expect(badDecision.statusCode).toBe(400);
      expect(badDecision.json<{ message: string }>().message).toBe(
        'Decisión: El campo tiene un valor no permitido.',
      );
      const foreignLine = await api(admin, 'PUT', `/api/reviews/${review.id}/lines`, {
        decisions: [{ lineId: 999_999, decision: 'keep' }],
      });
      expect(foreignLine.json<{ message: string }>().message).toBe(
        'Línea: La línea no pertenece a esta revisión.',
      );

      const open = (token: string) => api(token, 'GET', `/api/viewer/report/${f.report.uid}`);
      // No BI service in tests: 502 means access was granted, 403 that it was refused.
      expect((await open(f.tokens.otherViewer)).statusCode).toBe(502);
      const decided = await api(admin, 'PUT', `/api/reviews/${review.id}/lines`, {
        decisions: [{ lineId: byUser.get(f.otherViewer.id)?.id, decision: 'remove' }],
      });
      expect(decided.statusCode).toBe(200);
      expect(decided.json<Review>().pending).toBe(1);
      expect((await open(f.tokens.otherViewer)).statusCode).toBe(403);
      expect((await open(f.tokens.viewer)).statusCode).toBe(502);

      // Past the due date: the undecided line is kept (still granted) and escalated by mail.
      now = Date.parse('2026-11-26T09:00:00Z');
      const adminLater = await tokenFor(state.context.app, f.administrator.id);
      const viewerLater = await tokenFor(state.context.app, f.viewer.id);
      const after = (await api(adminLater, 'GET', `/api/reviews/${review.id}`)).json<Review>();
      const lines = new Map(after.lines.map((line) => [line.userId, line]));
      expect(lines.get(f.viewer.id)).toMatchObject({ decision: null, escalated: true });
      expect(lines.get(f.otherViewer.id)).toMatchObject({ decision: 'remove', escalated: false });
      expect((await open(viewerLater)).statusCode).toBe(502);
      const mails = readOutbox(state.context.dataDir).filter((mail) =>
        mail.includes('líneas sin decidir'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('lectora: Ventas');

      const csv = await api(adminLater, 'GET', `/api/reviews/${review.id}/csv`);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('Usuario;Informe;Vía de acceso;Último uso;');
      expect(csv.body).toContain('otrolector;Ventas;Directo;;Quitar;Quitar;');

      expect(csv.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(`Revisión ${review.id} - Comercial.csv`)}`,
      );
      expect(csv.body).toContain('otrolector;Ventas;Directo;;Quitar;Quitar;admin;');

      // The same evidence in PDF: every line's user, report, way in, use and decision, as text.
      const pdf = await api(adminLater, 'GET', `/api/reviews/${review.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(`Revisión ${review.id} - Comercial.pdf`)}`,
      );
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Alcance: Cuenta «Cuenta de prueba» › Área de trabajo «Comercial»');
      expect(text).toContain('Iniciada por: admin');
      expect(text).toContain('Fecha límite: 25/11/2026');
      expect(text).toContain(
        'otrolector Ventas Directo Nunca Quitar Quitar admin 20/11/2026, 10:00',
      );
      expect(text).toContain(
        'lectora Ventas Directo 12/08/2026, 10:00 Quitar Pendiente (escalada)',
      );

      const audited = await state.context.db
        .selectFrom('audit_log')
        .select(['action', 'category', 'detail'])
        .where('target_type', '=', 'review')
        .orderBy('id')
        .execute();
      expect(audited.map((entry) => entry.action)).toEqual([
        'review.start',
        'review.decide',
        'review.escalate',
        'review.export',
        'review.export',
      ]);
      expect(audited.slice(3)).toEqual(
        ['csv', 'pdf'].map((format) => ({
          action: 'review.export',
          category: 'exports',
          detail: JSON.stringify({ format, lines: 2 }),
        })),
      );
    },
  );

  it.skipIf(!available)(
    'exports evidence to administrators only, of a review that exists',
    async () => {
      now = start;
      const f = state.fixture;
      const review = (
        await api(f.tokens.administrator, 'POST', '/api/reviews', {
          scope: { accountElementId: f.report.biId },
          dueDate: '2026-11-25',
        })
      ).json<Review>();
      for (const format of ['csv', 'pdf']) {
        const asViewer = await api(f.tokens.viewer, 'GET', `/api/reviews/${review.id}/${format}`);
        expect(asViewer.statusCode).toBe(403);
        const unknown = await api(f.tokens.administrator, 'GET', `/api/reviews/999999/${format}`);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json<{ message: string }>().message).toBeTruthy();
      }
      const exported = await state.context.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'review.export')
        .execute();
      expect(exported).toEqual([]);
    },
  );

  it.skipIf(!available)(
    'refuses to remove per user an access that comes from a provider group',
    async () => {
      now = start;
      const f = state.fixture;
      const { db } = state.context;
      await db
        .insertInto('user_groups')
        .values({ user_id: f.otherViewer.id, group_name: f.group })
        .execute();
      await db
        .insertInto('group_permissions')
        .values({
          group_name: f.group,
          account_element_id: f.hiddenReport.biId,
          element_type: 'report',
        })
        .execute();
      const review = (
        await api(f.tokens.administrator, 'POST', '/api/reviews', {
          scope: { accountElementId: f.hiddenReport.biId },
          dueDate: '2026-11-20',
        })
      ).json<Review>();
      expect(review.lines).toEqual([
        expect.objectContaining({
          userId: f.otherViewer.id,
          grantedThrough: { levels: [], groups: [f.group] },
          recommendation: 'remove',
        }),
      ]);
      const [line] = review.lines;
      const refused = await api(f.tokens.administrator, 'PUT', `/api/reviews/${review.id}/lines`, {
        decisions: [{ lineId: line?.id, decision: 'remove' }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(`grupo «${f.group}»`);
      // In bulk the group line stays undecided (it will escalate), and nothing is removed.
      const bulk = await api(f.tokens.administrator, 'PUT', `/api/reviews/${review.id}/lines`, {
        applyRecommendations: true,
      });
      expect(bulk.json<Review>().lines[0]?.decision).toBeNull();
    },
  );
});
