import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, callApi, createUser, testDialects, tokenFor } from '../helper.ts';
import { grant, useContentFixture } from './content-fixture.ts';

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`account sync (${dialect})`, () => {
    const fx = useContentFixture(dialect);

    const syncNow = (accountId: number) => fx.app.services.sync.syncAccount(accountId);
    const accountOf = async (id: number) => (await fx.treeOf(fx.admin)).find((a) => a.id === id)!;

    it('keeps uIds stable, follows renames and drops vanished items with their grants and favorites', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      const viewer = await fx.viewer();
      const [kept, vanishing] = account.workspaces[0]!.reports;
      await grant(fx, viewer, [kept!.id, vanishing!.id, account.workspaces[1]!.id]);
      await fx.addFavorite(viewer, vanishing!.id);

      const biWorkspace = identity.workspaces.find((w) => w.id === account.workspaces[0]!.id)!;
      biWorkspace.name = `${biWorkspace.name} (renombrado)`;
      biWorkspace.reports = biWorkspace.reports.filter((r) => r.id !== vanishing!.id);
      biWorkspace.reports.push({ id: randomUUID(), name: 'Informe nuevo' });
      biWorkspace.reports.find((r) => r.id === kept!.id)!.name = 'Ventas (v2)';
      identity.workspaces = identity.workspaces.filter((w) => w.id !== account.workspaces[1]!.id);

      expect(await syncNow(account.id)).toEqual({ ok: true, message: null });
      const synced = await accountOf(account.id);
      expect(synced.workspaces.map((w) => w.name)).toEqual([biWorkspace.name]);
      const reports = synced.workspaces[0]!.reports;
      expect(reports.find((r) => r.id === kept!.id)).toMatchObject({
        uId: kept!.uId,
        name: 'Ventas (v2)',
      });
      expect(reports.some((r) => r.id === vanishing!.id)).toBe(false);
      expect(reports.find((r) => r.name === 'Informe nuevo')?.uId).toEqual(expect.any(String));

      const permissions = await fx.db
        .selectFrom('permissions')
        .select('account_element_id')
        .where('user_id', '=', viewer.id)
        .execute();
      expect(permissions.map((p) => p.account_element_id)).toEqual([kept!.id]);
      expect(
        await fx.db.selectFrom('favorites').select('id').where('user_id', '=', viewer.id).execute(),
      ).toEqual([]);
    });

    // The BI service's own failures (500, 429, vanishing content, slow answers) are tested
    // against the real bundled service's fault switch: sync-faults.e2e.test.ts.

    it('reports a wrong password in Spanish and keeps what was synced before', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      const response = await callApi(fx.app, {
        method: 'PUT',
        url: '/api/account',
        token: fx.admin.token,
        body: {
          id: account.id,
          username: identity.username,
          password: 'Incorrecta1',
          clientId: identity.clientId,
          description: 'x',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        error: true,
        message: 'El usuario o la contraseña de la cuenta de integración no son válidos.',
        lastSyncAt: account.lastSyncAt,
        workspaces: account.workspaces,
      });
    });

    it('creates the account even when the BI service is down, flagged with the reason', async () => {
      const down = await buildTestApp(dialect, {
        env: { BI_API_URL: 'http://127.0.0.1:1', BI_AUTHORITY_URL: 'https://127.0.0.1:1/vitrina' },
      });
      try {
        const admin = await createUser(down.db, { rol: 0 });
        const response = await callApi(down.app, {
          method: 'POST',
          url: '/api/account',
          token: await tokenFor(down.app, admin.id),
          body: {
            description: 'Sin servicio',
            username: 'nadie@vitrina.test',
            password: 'x',
            clientId: randomUUID(),
          },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({
          username: 'nadie@vitrina.test',
          error: true,
          message: 'No se pudo conectar con el servicio de BI.',
          lastSyncAt: null,
          workspaces: [],
        });
      } finally {
        await down.close();
      }
    });
  });
}
