import { describe, expect, it } from 'vitest';
import { callApi, testDialects, type SignedIn } from '../helper.ts';
import { grant, reportNames, useContentFixture } from './content-fixture.ts';

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`accounts (${dialect})`, () => {
    const fx = useContentFixture(dialect);

    it('creates an account, syncs it and never returns or stores the password in clear', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      expect(account).toMatchObject({
        username: identity.username,
        clientId: identity.clientId,
        error: false,
      });
      expect(account.lastSyncAt).not.toBeNull();
      expect(account.workspaces.map((w) => w.name).sort()).toEqual(
        identity.workspaces.map((w) => w.name).sort(),
      );
      expect(account.workspaces[0]!.reports.map((r) => r.kind).sort()).toEqual([
        'dashboard',
        'report',
        'report',
      ]);
      expect(JSON.stringify(account)).not.toContain(identity.password);
      const row = await fx.db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.password_encrypted).not.toContain(identity.password);
    });

    it('shows administrators every account and viewers only what they were granted, by inheritance', async () => {
      const first = await fx.createAccount(fx.newIdentity());
      const second = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      expect(await fx.treeOf(viewer)).toEqual([]);

      const [ws1, ws2] = first.workspaces;
      const lonelyReport = second.workspaces[1]!.reports[0]!;
      await grant(fx, viewer, [String(second.id)]);
      expect(reportNames(await fx.treeOf(viewer))).toEqual(reportNames([second]));

      await grant(fx, viewer, [ws1!.id, lonelyReport.id]);
      const tree = await fx.treeOf(viewer);
      expect(tree.map((a) => a.id).sort()).toEqual([first.id, second.id].sort());
      expect(reportNames(tree)).toEqual(
        [
          ...ws1!.reports.map((r) => `${ws1!.name}/${r.name}`),
          `${second.workspaces[1]!.name}/${lonelyReport.name}`,
        ].sort(),
      );
      expect(reportNames(tree)).not.toContain(`${ws2!.name}/${ws2!.reports[0]!.name}`);

      const adminTree = await fx.treeOf(fx.admin);
      expect(adminTree.map((a) => a.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(reportNames(adminTree)).toEqual(expect.arrayContaining(reportNames([first, second])));
    });

    it('gives viewers only the account fields their screens use, administrators all of them', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      const viewer = await fx.viewer();
      await grant(fx, viewer, [String(account.id)]);
      const [own] = await fx.treeOf(viewer);
      expect(Object.keys(own!).sort()).toEqual(['description', 'id', 'workspaces']);
      // (The fixture's description names the login, so only the client id is looked for.)
      expect(JSON.stringify(own)).not.toContain(identity.clientId);
      expect(own!.workspaces).toEqual(account.workspaces);

      const asAdministrator = await callApi(fx.app, {
        method: 'GET',
        url: `/api/account/${viewer.id}`,
        token: fx.admin.token,
      });
      expect(asAdministrator.json()).toEqual([
        expect.objectContaining({ username: identity.username, clientId: identity.clientId }),
      ]);
    });

    it('lets a viewer read only their own tree, administrators anyone’s', async () => {
      const [viewer, other] = [await fx.viewer(), await fx.viewer()];
      const statusOf = async (requester: SignedIn, userId: number) =>
        (await fx.treeAs(requester, userId)).statusCode;
      expect(await statusOf(viewer, viewer.id)).toBe(200);
      expect(await statusOf(viewer, other.id)).toBe(403);
      expect(await statusOf(fx.admin, other.id)).toBe(200);
      expect(await statusOf(fx.admin, 999_999)).toBe(404);
    });

    it('updates description, password and client id but never the username', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      const body = {
        id: account.id,
        username: identity.username,
        password: identity.password,
        clientId: identity.clientId,
      };
      const renamed = await callApi(fx.app, {
        method: 'PUT',
        url: '/api/account',
        token: fx.admin.token,
        body: { ...body, username: 'otra@vitrina.test', description: 'Nueva' },
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json()).toMatchObject({
        field: 'username',
        message: expect.stringContaining('El nombre de usuario no se puede modificar.'),
      });

      const updated = await callApi(fx.app, {
        method: 'PUT',
        url: '/api/account',
        token: fx.admin.token,
        body: { ...body, description: 'Cuenta renombrada' },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ description: 'Cuenta renombrada', error: false });

      const unknown = await callApi(fx.app, {
        method: 'PUT',
        url: '/api/account',
        token: fx.admin.token,
        body: { ...body, id: 999999, description: 'x' },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('returns a BI access token to administrators only', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      const url = `/api/account/token/${account.id}`;
      expect((await callApi(fx.app, { method: 'GET', url, token: viewer.token })).statusCode).toBe(
        403,
      );
      const response = await callApi(fx.app, { method: 'GET', url, token: fx.admin.token });
      expect(response.statusCode).toBe(200);
      expect(response.json().accessToken).toEqual(expect.any(String));
      expect(new Date(response.json().expiration).getTime()).toBeGreaterThan(Date.now());
    });

    it('deletes an account with its workspaces, reports, permissions and favorites in one go', async () => {
      const doomed = await fx.createAccount(fx.newIdentity());
      const kept = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      const doomedReport = doomed.workspaces[0]!.reports[0]!;
      const keptReport = kept.workspaces[0]!.reports[0]!;
      await grant(fx, viewer, [
        String(doomed.id),
        doomed.workspaces[1]!.id,
        doomedReport.id,
        keptReport.id,
      ]);
      for (const report of [doomedReport, keptReport]) {
        expect((await fx.addFavorite(viewer, report.id)).statusCode).toBe(200);
      }

      const deleted = await callApi(fx.app, {
        method: 'DELETE',
        url: `/api/account/${doomed.id}`,
        token: fx.admin.token,
      });
      expect(deleted.statusCode).toBe(204);

      const permissions = await fx.db
        .selectFrom('permissions')
        .select('account_element_id')
        .where('user_id', '=', viewer.id)
        .execute();
      expect(permissions.map((p) => p.account_element_id)).toEqual([keptReport.id]);
      const favorites = await fx.db
        .selectFrom('favorites')
        .select('report_id')
        .where('user_id', '=', viewer.id)
        .execute();
      expect(favorites).toHaveLength(1);
      const leftovers = await fx.db
        .selectFrom('workspaces')
        .select('id')
        .where('account_id', '=', doomed.id)
        .execute();
      expect(leftovers).toEqual([]);
      const tree = await fx.treeOf(viewer);
      expect(tree.map((a) => a.id)).toEqual([kept.id]);
      expect(tree[0]!.workspaces[0]!.reports[0]).toMatchObject({
        id: keptReport.id,
        favorite: true,
      });

      const again = await callApi(fx.app, {
        method: 'DELETE',
        url: `/api/account/${doomed.id}`,
        token: fx.admin.token,
      });
      expect(again.statusCode).toBe(404);
    });
  });
}
