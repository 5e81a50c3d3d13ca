import { describe, expect, it } from 'vitest';
import { callApi, testDialects } from '../helper.ts';
import { grant, useContentFixture, viewersByLevel } from './content-fixture.ts';

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`permissions (${dialect})`, () => {
    const fx = useContentFixture(dialect);

    const put = (body: unknown) =>
      callApi(fx.app, { method: 'PUT', url: '/api/user/permissions', token: fx.admin.token, body });
    const listOf = async (userId: number) =>
      (
        await callApi(fx.app, {
          method: 'GET',
          url: `/api/user/${userId}/permissions`,
          token: fx.admin.token,
        })
      ).json();

    it('replaces a user’s set, lists it and clears it', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      await grant(fx, viewer, [String(account.id)]);
      const workspaceId = account.workspaces[0]!.id;
      const reportId = account.workspaces[1]!.reports[0]!.id;
      const response = await put([
        { userId: viewer.id, accountElementId: workspaceId },
        { userId: viewer.id, accountElementId: reportId },
        { userId: viewer.id, accountElementId: reportId },
      ]);
      expect(response.statusCode).toBe(200);
      const list = await listOf(viewer.id);
      expect(list.map((p: { accountElementId: string }) => p.accountElementId).sort()).toEqual(
        [workspaceId, reportId].sort(),
      );
      expect(list[0]).toMatchObject({ userId: viewer.id, id: expect.any(Number) });
      const types = await fx.db
        .selectFrom('permissions')
        .select(['element_type'])
        .where('user_id', '=', viewer.id)
        .execute();
      expect(types.map((t) => t.element_type).sort()).toEqual(['report', 'workspace']);

      const cleared = await callApi(fx.app, {
        method: 'DELETE',
        url: `/api/user/permissions/${viewer.id}`,
        token: fx.admin.token,
      });
      expect(cleared.statusCode).toBe(204);
      expect(await listOf(viewer.id)).toEqual([]);
    });

    it('rejects unknown elements and non-viewers without writing anything', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const viewer = await fx.viewer();
      await grant(fx, viewer, [String(account.id)]);
      const unknown = await put([
        { userId: viewer.id, accountElementId: account.workspaces[0]!.id },
        { userId: viewer.id, accountElementId: 'no-existe' },
      ]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        field: '1.accountElementId',
        message: expect.stringContaining('El elemento indicado no existe.'),
      });

      const toAdmin = await put([{ userId: fx.admin.id, accountElementId: String(account.id) }]);
      expect(toAdmin.statusCode).toBe(400);
      expect(toAdmin.json()).toMatchObject({
        field: '0.userId',
        message: expect.stringContaining(
          'Solo los usuarios con rol Visualizador pueden recibir permisos.',
        ),
      });
      const toNobody = await put([{ userId: 999999, accountElementId: String(account.id) }]);
      expect(toNobody.statusCode).toBe(400);

      expect(
        (await listOf(viewer.id)).map((p: { accountElementId: string }) => p.accountElementId),
      ).toEqual([String(account.id)]);
      expect(
        (
          await callApi(fx.app, {
            method: 'GET',
            url: '/api/user/999999/permissions',
            token: fx.admin.token,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('lists report users by level and sets the direct ones', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const workspace = account.workspaces[0]!;
      const report = workspace.reports[0]!;
      const viewers = await viewersByLevel(fx, account, workspace);
      const { byAccount, byWorkspace, byReport, ungranted } = viewers;
      const url = `/api/administration/report/${report.id}/users`;
      const ids = (list: { id: number }[]) => list.map((u) => u.id);

      const before = (await callApi(fx.app, { method: 'GET', url, token: fx.admin.token })).json();
      expect(ids(before.account)).toEqual([byAccount.id]);
      expect(ids(before.workspace)).toEqual([byWorkspace.id]);
      expect(ids(before.report)).toEqual([byReport.id]);
      expect(before.report[0]).toMatchObject({ username: byReport.username, rol: 1 });

      const set = await callApi(fx.app, {
        method: 'PUT',
        url,
        token: fx.admin.token,
        body: [{ id: ungranted.id }],
      });
      expect(set.statusCode).toBe(200);
      expect(ids(set.json().report)).toEqual([ungranted.id]);
      expect(ids(set.json().account)).toEqual([byAccount.id]);

      const rejected = await callApi(fx.app, {
        method: 'PUT',
        url,
        token: fx.admin.token,
        body: [{ id: fx.admin.id }],
      });
      expect(rejected.statusCode).toBe(400);
      const missing = await callApi(fx.app, {
        method: 'GET',
        url: '/api/administration/report/no-existe/users',
        token: fx.admin.token,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Informe no encontrado.');
    });

    it('gives administrators the whole tree for the administration screens', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const response = await callApi(fx.app, {
        method: 'GET',
        url: '/api/administration/reports/accounts',
        token: fx.admin.token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().find((a: { id: number }) => a.id === account.id).workspaces).toEqual(
        account.workspaces,
      );
      const viewer = await fx.viewer();
      const denied = await callApi(fx.app, {
        method: 'GET',
        url: '/api/administration/reports/accounts',
        token: viewer.token,
      });
      expect(denied.statusCode).toBe(403);
    });
  });
}
