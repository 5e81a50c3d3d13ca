import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@vitrina/contracts';
import { createAuditLog } from '../src/lib/audit.ts';
import { manualClock } from '../src/lib/clock.ts';
import {
  buildTestApp,
  callApi,
  createUser,
  loginAttempt,
  resetDatabase,
  signIn,
  type SignedIn,
  type TestApp,
} from './helper.ts';

/** `GET /api/audit`: filters, keyset pages, Spanish 400s and the streamed exports. */
describe('audit API', () => {
  let testApp: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    testApp = await buildTestApp('sqlite');
  });
  afterAll(() => testApp.close());

  const get = (url: string) => callApi(testApp.app, { method: 'GET', url, token: admin.token });
  const page = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return response.json<AuditPage>();
  };

  async function freshAdmin() {
    await resetDatabase(testApp.db);
    admin = await signIn(testApp, 0);
  }

  it('shows a failed login with the address it came from', async () => {
    await freshAdmin();
    const user = await createUser(testApp.db, { rol: 1 });
    const refused = await loginAttempt(testApp.app, '127.0.0.9', {
      username: user.username,
      password: 'Incorrecta1',
    });
    expect(refused.statusCode).toBe(401);
    const { entries } = await page('/api/audit?action=login.failed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'login.failed',
      category: 'access',
      actorUsername: user.username,
      ip: '127.0.0.9',
    });
  });

  it('pages newest first with a cursor, and filters by user, target and dates', async () => {
    await freshAdmin();
    const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
    const audit = createAuditLog(clock);
    for (let n = 0; n < 120; n++) {
      const who = { id: n % 2, username: n % 2 ? 'ana' : 'beto', ip: '10.0.0.1' };
      await audit.record(testApp.db, who, {
        action: 'user.updated',
        targetType: 'user',
        targetId: n % 3,
        detail: { before: { n }, after: { n: n + 1 } },
      });
      clock.advance(3_600_000);
    }
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: AuditPage = await page(`/api/audit?action=user.updated&cursor=${cursor}`);
      seen.push(...next.entries.map((entry) => (entry.detail?.['before'] as { n: number }).n));
      cursor = next.nextCursor;
    }
    // `before` holds { n }: newest (119) first, every entry once.
    expect(seen).toEqual(Array.from({ length: 120 }, (_, n) => 119 - n));

    const ana = await page('/api/audit?user=ana');
    expect(ana.entries.every((entry) => entry.actorUsername === 'ana')).toBe(true);
    expect(ana.entries).toHaveLength(50);
    const target = await page('/api/audit?target=user:2&user=beto');
    expect(target.entries.length).toBe(20);
    expect(target.entries.every((e) => e.targetId === '2' && e.actorUsername === 'beto')).toBe(
      true,
    );
    // 2026-03-02 (UTC) holds the entries of hours 14 to 37: a whole day.
    const day = await page('/api/audit?from=2026-03-02&to=2026-03-02');
    expect(day.entries.map((entry) => entry.at)).toHaveLength(24);
    expect(day.entries.every((entry) => entry.at.startsWith('2026-03-02'))).toBe(true);
    const instant = await page('/api/audit?from=2026-03-01T11:00:00-00:00&to=2026-03-01T12:00:00Z');
    expect(instant.entries).toHaveLength(2);
  });

  it('refuses bad filters in Spanish, naming the field', async () => {
    await freshAdmin();
    const cases: [string, string][] = [
      ['from=ayer', 'Desde: El campo requiere una fecha AAAA-MM-DD o una fecha y hora ISO 8601.'],
      ['format=xls', 'Formato: El campo tiene un valor no permitido.'],
      ['cursor=bm8tYS1jdXJzb3I', 'Página: El campo no es un cursor de esta lista.'],
      [
        'from=2026-03-02&to=2026-03-01',
        'Hasta: La fecha "hasta" no puede ser anterior a la fecha "desde".',
      ],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toBe(message);
    }
  });

  it('streams CSV in the es dialect and JSON Lines, and audits the export', async () => {
    await freshAdmin();
    const audit = createAuditLog(manualClock());
    await audit.record(
      testApp.db,
      { id: 3, username: '=HOY()', ip: '10.0.0.2' },
      {
        action: 'account.update',
        targetType: 'account',
        targetId: 4,
        detail: { before: { description: 'Ventas; Perú' }, after: { description: 'Ventas' } },
      },
    );
    const csv = await get('/api/audit?format=csv&action=account.update');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="auditoria.csv"');
    const [header, row, end] = csv.body.split('\r\n');
    expect(header).toBe(
      '\uFEFFid;at;actorUsername;actorId;ip;action;category;targetType;targetId;before;after;detail;hash',
    );
    // A value a spreadsheet would run as a formula is prefixed with a quote.
    expect(row).toContain(`;'=HOY();3;10.0.0.2;account.update;accounts;account;4;`);
    expect(row).toContain(';"{""description"":""Ventas; Perú""}";"{""description"":""Ventas""}";;');
    expect(end).toBe('');

    const jsonl = await get('/api/audit?format=jsonl');
    expect(jsonl.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = jsonl.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as object);
    expect(lines).toContainEqual(expect.objectContaining({ action: 'account.update' }));
    const exported = await page('/api/audit?action=audit.exported');
    expect(exported.entries.map((entry) => entry.detail)).toEqual([
      { format: 'jsonl', filters: {} },
      { format: 'csv', filters: { action: 'account.update' } },
    ]);
  });
});
