import { describe, expect, it } from 'vitest';
import { callApi, testDialects } from '../helper.ts';
import { reportNames, useContentFixture } from './content-fixture.ts';

/** "Válido hasta" through the permission routes: validated, stored, echoed, and obeyed. */
for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`grants with Válido hasta (${dialect})`, () => {
    const fx = useContentFixture(dialect);
    const call = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
      callApi(fx.app, { method, url, token: fx.admin.token, body });
    const later = '2099-12-31T23:59:00-03:00';
    const laterUtc = '2100-01-01T02:59:00.000Z';
    const past = '2020-01-01T00:00:00Z';

    it('refuses a value that is not an ISO 8601 instant, naming the field', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      const report = account.workspaces[0]!.reports[0]!;
      const bad = [
        [
          'PUT',
          '/api/user/permissions',
          [{ userId: viewer.id, accountElementId: report.id, validUntil: 'mañana' }],
        ],
        [
          'PUT',
          `/api/administration/report/${report.id}/users`,
          [{ id: viewer.id, validUntil: '2099-12-31' }],
        ],
      ] as const;
      for (const [method, url, body] of bad) {
        const response = await call(method, url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'validation_failed',
          field: '0.validUntil',
          message:
            'Válido hasta: El campo requiere fecha y hora ISO 8601 con zona (por ejemplo 2027-03-31T23:59:00Z).',
        });
      }
      await fx.db
        .insertInto('provider_groups')
        .values({ name: 'Ventas', last_seen_at: past })
        .execute();
      const group = await call('PUT', '/api/groups/Ventas/permissions', [
        { accountElementId: report.id, validUntil: 42 },
      ]);
      expect(group.statusCode).toBe(400);
      expect(group.json().message).toMatch(/^Válido hasta: /);
    });

    it('stores the end in UTC and echoes it on every route; a grant without end has none', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      const [first, second] = account.workspaces[0]!.reports;
      const put = await call('PUT', '/api/user/permissions', [
        { userId: viewer.id, accountElementId: first!.id, validUntil: later },
        { userId: viewer.id, accountElementId: second!.id },
      ]);
      expect(put.statusCode).toBe(200);
      const expected = [
        { userId: viewer.id, accountElementId: first!.id, validUntil: laterUtc },
        { userId: viewer.id, accountElementId: second!.id },
      ];
      expect(put.json()).toEqual(expected.map((p) => ({ ...p, id: expect.any(Number) })));
      expect((await call('GET', `/api/user/${viewer.id}/permissions`)).json()).toEqual(put.json());
      expect(put.json()[1]).not.toHaveProperty('validUntil');

      const usersUrl = `/api/administration/report/${second!.id}/users`;
      const set = await call('PUT', usersUrl, [{ id: viewer.id, validUntil: later }]);
      expect(set.statusCode).toBe(200);
      expect(set.json().report).toEqual([
        expect.objectContaining({ id: viewer.id, validUntil: laterUtc }),
      ]);
      expect((await call('GET', usersUrl)).json()).toEqual(set.json());

      const name = `Grupo ${viewer.id}`;
      await fx.db.insertInto('provider_groups').values({ name, last_seen_at: past }).execute();
      const groupUrl = `/api/groups/${encodeURIComponent(name)}/permissions`;
      const group = await call('PUT', groupUrl, [
        { accountElementId: first!.id, validUntil: later },
      ]);
      expect(group.json()).toEqual([
        { id: expect.any(Number), accountElementId: first!.id, validUntil: laterUtc },
      ]);
      expect((await call('GET', groupUrl)).json()).toEqual(group.json());
    });

    it('an ended grant is kept and listed but grants nothing, at any level and through groups', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      const workspace = account.workspaces[0]!;
      const report = account.workspaces[1]!.reports[0]!;
      await call('PUT', '/api/user/permissions', [
        { userId: viewer.id, accountElementId: String(account.id), validUntil: past },
        { userId: viewer.id, accountElementId: workspace.id, validUntil: later },
        { userId: viewer.id, accountElementId: report.id, validUntil: past },
      ]);
      const visible = reportNames(await fx.treeOf(viewer));
      expect(visible).toEqual(workspace.reports.map((r) => `${workspace.name}/${r.name}`).sort());
      const opened = await callApi(fx.app, {
        method: 'GET',
        url: `/api/viewer/report/${report.uId}`,
        token: viewer.token,
      });
      expect(opened.statusCode).toBe(403);
      expect(opened.json().message).toBe('Acceso denegado al informe.');

      // Still listed (greyed on the screens) until removed; "¿Por qué?" no longer counts it.
      const users = (await call('GET', `/api/administration/report/${report.id}/users`)).json();
      expect(users.report).toEqual([
        expect.objectContaining({ id: viewer.id, validUntil: '2020-01-01T00:00:00.000Z' }),
      ]);
      const access = (await call('GET', `/api/administration/report/${report.id}/access`)).json();
      expect(
        access.find((entry: { user: { id: number } }) => entry.user.id === viewer.id),
      ).toBeUndefined();

      // Through a group: the member sees the workspace only while the group's grant lasts.
      const member = await fx.viewer();
      const name = `Equipo ${member.id}`;
      await fx.db.insertInto('provider_groups').values({ name, last_seen_at: past }).execute();
      await fx.db
        .insertInto('user_groups')
        .values({ user_id: member.id, group_name: name })
        .execute();
      const groupUrl = `/api/groups/${encodeURIComponent(name)}/permissions`;
      await call('PUT', groupUrl, [{ accountElementId: workspace.id, validUntil: later }]);
      expect(reportNames(await fx.treeOf(member))).toEqual(visible);
      await call('PUT', groupUrl, [{ accountElementId: workspace.id, validUntil: past }]);
      expect(await fx.treeOf(member)).toEqual([]);
    });
  });
}
