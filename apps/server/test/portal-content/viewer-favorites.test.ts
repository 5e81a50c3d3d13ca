import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi, testDialects } from '../helper.ts';
import { grant, useContentFixture, viewersByLevel } from './content-fixture.ts';

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`viewer and favorites (${dialect})`, () => {
    const fx = useContentFixture(dialect);

    const open = (uid: string, token: string) =>
      callApi(fx.app, { method: 'GET', url: `/api/viewer/report/${uid}`, token });

    it('opens a report granted at account, workspace or report level, and nothing else', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const [ws1, ws2] = account.workspaces;
      const viewers = await viewersByLevel(fx, account, ws1!);
      const { byAccount, byWorkspace, byReport, ungranted } = viewers;
      const target = ws1!.reports[0]!;
      const other = ws2!.reports[0]!;

      for (const user of [byAccount, byWorkspace, byReport, fx.admin]) {
        const response = await open(target.uId, user.token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          name: target.name,
          reportId: target.id,
          groupId: ws1!.id,
          type: 'report',
        });
      }
      expect((await open(other.uId, byAccount.token)).statusCode).toBe(200);
      for (const user of [byWorkspace, byReport, ungranted]) {
        const denied = await open(other.uId, user.token);
        expect(denied.statusCode).toBe(403);
        expect(denied.json().message).toBe('Acceso denegado al informe.');
      }
      const missing = await open('no-existe', byAccount.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Informe no encontrado.');
    });

    it('applies a revoked permission at once', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const report = account.workspaces[0]!.reports[0]!;
      const viewer = await fx.viewer();
      await grant(fx, viewer, [report.id]);
      expect((await open(report.uId, viewer.token)).statusCode).toBe(200);
      expect((await fx.treeOf(viewer)).length).toBe(1);
      const revoked = await callApi(fx.app, {
        method: 'DELETE',
        url: `/api/user/permissions/${viewer.id}`,
        token: fx.admin.token,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await open(report.uId, viewer.token)).statusCode).toBe(403);
      expect(await fx.treeOf(viewer)).toEqual([]);
    });

    it('returns the embed data of reports and dashboards with a cached View token', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const dashboard = account.workspaces[0]!.reports.find((r) => r.kind === 'dashboard')!;
      const before = fx.bi.calls.generateToken;
      const first = (await open(dashboard.uId, fx.admin.token)).json();
      expect(first).toMatchObject({ type: 'dashboard', reportId: dashboard.id });
      expect(first.embedUrl).toContain(`dashboardId=${dashboard.id}`);
      expect(new Date(first.expiration).getTime()).toBeGreaterThan(Date.now());
      const second = (await open(dashboard.uId, fx.admin.token)).json();
      expect(second.accessToken).toBe(first.accessToken);
      expect(fx.bi.calls.generateToken - before).toBe(1);
    });

    it('shares one GenerateToken call between concurrent first viewers', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const report = account.workspaces[1]!.reports[1]!;
      const before = fx.bi.calls.generateToken;
      const responses = await Promise.all(
        Array.from({ length: 12 }, () => open(report.uId, fx.admin.token)),
      );
      expect(new Set(responses.map((r) => r.json().accessToken)).size).toBe(1);
      expect(fx.bi.calls.generateToken - before).toBe(1);
    });

    it('does not reuse a token inside its last five minutes', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const report = account.workspaces[0]!.reports[0]!;
      fx.bi.embedTokenSeconds = 4 * 60;
      try {
        const first = (await open(report.uId, fx.admin.token)).json();
        const second = (await open(report.uId, fx.admin.token)).json();
        expect(second.accessToken).not.toBe(first.accessToken);
      } finally {
        fx.bi.embedTokenSeconds = 3600;
      }
    });

    it('marks favorites only for yourself and only on visible reports', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const [ws1, ws2] = account.workspaces;
      const viewer = await fx.viewer();
      await grant(fx, viewer, [ws1!.id]);
      const visible = ws1!.reports[0]!;
      const hidden = ws2!.reports[0]!;
      const add = (reportId: string, userId: number) =>
        callApi(fx.app, {
          method: 'POST',
          url: '/api/favorite',
          token: viewer.token,
          body: { reportId, userId },
        });

      const added = await add(visible.id, viewer.id);
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({ reportId: visible.id });
      expect((await add(visible.id, viewer.id)).statusCode).toBe(200);
      expect((await add(hidden.id, viewer.id)).statusCode).toBe(403);
      expect((await add(visible.id, fx.admin.id)).statusCode).toBe(403);
      expect((await add('no-existe', viewer.id)).statusCode).toBe(404);

      const marked = (await fx.treeOf(viewer))[0]!.workspaces[0]!.reports;
      expect(marked.filter((r) => r.favorite).map((r) => r.id)).toEqual([visible.id]);
      expect(
        (await fx.treeOf(fx.admin))
          .flatMap((a) => a.workspaces.flatMap((w) => w.reports))
          .some((r) => r.favorite),
      ).toBe(false);

      const removed = await callApi(fx.app, {
        method: 'DELETE',
        url: `/api/favorite/${visible.id}`,
        token: viewer.token,
      });
      expect(removed.statusCode).toBe(200);
      expect((await fx.treeOf(viewer))[0]!.workspaces[0]!.reports.some((r) => r.favorite)).toBe(
        false,
      );
    });

    it('answers a favorite removal alike for hidden and unknown reports', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const [ws1, ws2] = account.workspaces;
      const viewer = await fx.viewer();
      await grant(fx, viewer, [ws1!.id]);
      const remove = (reportId: string) =>
        callApi(fx.app, {
          method: 'DELETE',
          url: `/api/favorite/${reportId}`,
          token: viewer.token,
        });

      const hidden = ws2!.reports[0]!;
      const unknown = randomUUID();
      const [forHidden, forHiddenUid, forUnknown] = await Promise.all([
        remove(hidden.id),
        remove(hidden.uId),
        remove(unknown),
      ]);
      const answer = (response: typeof forHidden, id: string) => ({
        status: response.statusCode,
        body: response.body.replace(id, '<id>'),
      });
      expect(answer(forHidden, hidden.id)).toEqual(answer(forUnknown, unknown));
      expect(answer(forHiddenUid, hidden.uId)).toEqual(answer(forUnknown, unknown));
      expect(forUnknown.statusCode).toBe(200);
    });
  });
}
