import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from '../src/modules/subscriptions/unsubscribe-tokens.ts';
import { subscriptionsApi } from './subscriptions-api.ts';
import { useSeededApp, type Fixture } from './fixtures.ts';

/**
 * Subscriptions (issue 28) without the BI service: who may create, see and change them, Spanish
 * messages naming the field, the schedule claimed once, and the unsubscribe link.
 */
const state = useSeededApp('sqlite', true);
const { api, subscribe } = subscriptionsApi(state);

const bodyFor = (f: Fixture, changes: Record<string, unknown> = {}) => ({
  reportUid: f.report.uid,
  recipients: [f.viewer.id],
  format: 'PDF',
  schedule: { frequency: 'weekly', time: '08:00', timeZone: 'America/Santiago', days: [1] },
  subject: 'Ventas de la semana',
  ...changes,
});

describe('subscriptions API', () => {
  it('refuses bad fields in Spanish, naming the field', async () => {
    const f = state.fixture;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ format: 'DOCX' }, 'format', 'Formato: El campo tiene un valor no permitido.'],
      [{ recipients: [] }, 'recipients', 'Destinatarios: El campo es requerido.'],
      [
        { schedule: { frequency: 'daily', time: '8am', timeZone: 'America/Lima' } },
        'schedule.time',
        'Hora: El campo requiere el formato HH:mm (por ejemplo 08:00).',
      ],
      [
        { schedule: { frequency: 'daily', time: '08:00', timeZone: 'Marte/Olimpo' } },
        'schedule.timeZone',
        'Zona horaria: El campo requiere una zona horaria IANA (por ejemplo America/Lima).',
      ],
      [
        { schedule: { frequency: 'weekly', time: '08:00', timeZone: 'America/Lima' } },
        'schedule.days',
        'Días: Elija uno o más días de la semana (1 = lunes … 7 = domingo).',
      ],
      [
        { startDate: '2026-05-10', endDate: '2026-05-01' },
        'endDate',
        'Fecha de fin: La fecha de fin no puede ser anterior a la de inicio.',
      ],
      [{ subject: ' ' }, 'subject', 'Asunto: El campo es requerido.'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await subscribe(f.tokens.administrator, bodyFor(f, change));
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json(), field).toMatchObject({ field, message });
    }
    const unknownUser = await subscribe(
      f.tokens.administrator,
      bodyFor(f, { recipients: [999_999] }),
    );
    expect(unknownUser.json()).toMatchObject({
      field: 'recipients',
      message: 'Destinatarios: El usuario 999999 no existe.',
    });
  });

  it('lets a viewer subscribe only themselves, and shows each viewer only their own', async () => {
    const f = state.fixture;
    const forOthers = await subscribe(
      f.tokens.viewer,
      bodyFor(f, { recipients: [f.viewer.id, f.otherViewer.id] }),
    );
    expect(forOthers.statusCode).toBe(403);
    expect(forOthers.json().message).toBe(
      'Destinatarios: un lector solo puede suscribirse a sí mismo.',
    );
    const own = await subscribe(f.tokens.viewer, bodyFor(f));
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({
      reportName: 'Ventas',
      recipients: [f.viewer.id],
      paused: false,
      schedule: { frequency: 'weekly', days: [1] },
    });
    // The next send is a Monday at 08:00 in Santiago.
    const next = new Date(own.json().nextRunAt);
    const local = new Intl.DateTimeFormat('es-CL', {
      timeZone: 'America/Santiago',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('lunes, 08:00');

    const mine: { id: number }[] = (await api(f.tokens.viewer, 'GET', '/api/subscriptions')).json();
    expect(mine.map((s) => s.id).sort()).toEqual([f.subscription.id, own.json().id].sort());
    expect((await api(f.tokens.otherViewer, 'GET', '/api/subscriptions')).json()).toEqual([]);
    const byUser = await api(
      f.tokens.administrator,
      'GET',
      `/api/subscriptions?userId=${f.viewer.id}`,
    );
    expect(byUser.json()).toHaveLength(2);

    const paused = await api(
      f.tokens.viewer,
      'PUT',
      `/api/subscriptions/${own.json().id}`,
      bodyFor(f, { paused: true }),
    );
    expect(paused.json()).toMatchObject({ paused: true });
    expect(paused.json().nextRunAt).toBeUndefined();
    const audit = await state.context.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'subscription')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['subscription.create', 'subscription.update']);
  });

  it("shows a subscription's view to its recipients, owner and administrators only", async () => {
    const f = state.fixture;
    const view = JSON.stringify({ version: 1, activePage: 'ReportSection' });
    const created = await subscribe(
      f.tokens.administrator,
      bodyFor(f, { recipients: [f.viewer.id], bookmarkState: view, pages: ['ReportSection'] }),
    );
    expect(created.statusCode).toBe(201);
    const url = `/api/subscriptions/${created.json().id}/view`;
    const expected = { reportUid: f.report.uid, pages: ['ReportSection'], bookmarkState: view };
    // The viewer only receives it (the administrator owns it): the mail's link works for them.
    expect((await api(f.tokens.viewer, 'GET', url)).json()).toEqual(expected);
    expect((await api(f.tokens.administrator, 'GET', url)).json()).toEqual(expected);
    const stranger = await api(f.tokens.otherViewer, 'GET', url);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({
      message: 'La suscripción no existe o no es suya.',
    });
  });

  it('"Enviar ahora" refused to a stranger, or for no subscription, starts no run', async () => {
    const f = state.fixture;
    const runs = () =>
      state.context.db
        .selectFrom('subscription_runs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
    const before = await runs();
    const send = (token: string | null, id: number) =>
      api(token, 'POST', `/api/subscriptions/${id}/send`, {});
    expect((await send(f.tokens.otherViewer, f.subscription.id)).statusCode).toBe(404);
    expect((await send(null, f.subscription.id)).statusCode).toBe(401);
    expect((await send(f.tokens.administrator, 99_999)).statusCode).toBe(404);
    expect(await runs()).toEqual(before);
  });

  it('claims a due occurrence once, even when two checks race', async () => {
    const { db, app } = state.context;
    const past = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable('subscriptions')
      .set({ next_run_at: past })
      .where('id', '=', state.fixture.subscription.id)
      .execute();
    const service = app.services.subscriptions;
    const claimed = await Promise.all([service.runDue(), service.runDue(), service.runDue()]);
    expect(claimed.flat()).toHaveLength(1);
    const runs = await db.selectFrom('subscription_runs').selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ due_at: past, trig: 'schedule', late: 0 });
  });

  it('unsubscribes with the link once, and only from its own subscription', async () => {
    const f = state.fixture;
    const { db, app } = state.context;
    const second = await subscribe(f.tokens.viewer, bodyFor(f));
    const rows = await db
      .selectFrom('subscription_recipients')
      .selectAll()
      .where('user_id', '=', f.viewer.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    const tokens = createUnsubscribeTokens(app.context.accountKey);
    const token = tokens.issue({ recipientId: rows[0]!.id, nonce: rows[0]!.unsubscribe_nonce });
    const unsubscribe = (t: string) =>
      api(null, 'POST', '/api/subscriptions/unsubscribe', { token: t });

    // Pointing the signed token at the other subscription's row breaks its signature.
    const [id, nonce, mac] = token.split('.');
    expect((await unsubscribe(`${rows[1]!.id}.${nonce}.${mac}`)).statusCode).toBe(400);
    // The other row's id with this row's nonce, signed by another key, is no token either.
    const foreign = createUnsubscribeTokens(Buffer.alloc(32, 7)).issue({
      recipientId: Number(id),
      nonce: nonce!,
    });
    expect((await unsubscribe(foreign)).statusCode).toBe(400);

    const first = await unsubscribe(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Listo: ya no recibirá este informe por correo.');
    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('El enlace para darse de baja no es válido o ya fue usado.');

    const left = await db
      .selectFrom('subscription_recipients')
      .select('subscription_id')
      .where('user_id', '=', f.viewer.id)
      .execute();
    expect(left.map((r) => r.subscription_id)).toEqual([second.json().id]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id'])
      .where('action', '=', 'subscription.unsubscribe')
      .execute();
    expect(audit).toEqual([
      {
        action: 'subscription.unsubscribe',
        actor_id: f.viewer.id,
        target_id: String(f.subscription.id),
      },
    ]);
  });
});
