import { describe, expect, it } from 'vitest';
import { createSessionIssuer } from '../../src/modules/auth/sessions.ts';
import { callApi, testDialects } from '../helper.ts';
import type { SignedIn } from '../helper.ts';
import { grant, reportNames, useContentFixture } from './content-fixture.ts';

/**
 * The hot routes reuse built answers (decisions 0155, 0156): trees per user and shape, viewer
 * answers per report and token, verified access tokens. Reused answers must never reach another
 * identity, and every write that changes an answer must show at once.
 */
for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`cached answers (${dialect})`, () => {
    const fx = useContentFixture(dialect);

    it('keeps each viewer’s cached tree to that viewer, and each shape to its requester', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const [ws1, ws2] = account.workspaces;
      const [first, second] = [await fx.viewer(), await fx.viewer()];
      await grant(fx, first, [ws1!.id]);
      await grant(fx, second, [ws2!.id]);
      const firstNames = ws1!.reports.map((report) => `${ws1!.name}/${report.name}`).sort();
      const secondNames = ws2!.reports.map((report) => `${ws2!.name}/${report.name}`).sort();

      // Twice each, so the second answer of each viewer comes from the cache.
      for (let round = 0; round < 2; round++) {
        expect(reportNames(await fx.treeOf(first))).toEqual(firstNames);
        expect(reportNames(await fx.treeOf(second))).toEqual(secondNames);
      }
      // A cached tree of the second viewer is not handed to the first one.
      expect((await fx.treeAs(first, second.id)).statusCode).toBe(403);

      // The administrator gets the integration fields for the same user; the viewer never does.
      const asAdmin = (await fx.treeAs(fx.admin, second.id)).json();
      expect(asAdmin[0]).toHaveProperty('username', account.username);
      expect(reportNames(asAdmin)).toEqual(secondNames);
      const own = (await fx.treeAs(second, second.id)).json();
      expect(own[0]).not.toHaveProperty('username');
      expect(own[0]).not.toHaveProperty('clientId');
    });

    it('shows a grant or a favorite change in the next tree', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const [ws1, ws2] = account.workspaces;
      const viewer = await fx.viewer();
      await grant(fx, viewer, [ws1!.id]);
      await fx.treeOf(viewer);
      expect(reportNames(await fx.treeOf(viewer))).toHaveLength(ws1!.reports.length);

      await grant(fx, viewer, [ws1!.id, ws2!.id]);
      const widened = await fx.treeOf(viewer);
      expect(reportNames(widened)).toHaveLength(ws1!.reports.length + ws2!.reports.length);

      const favorite = ws2!.reports[0]!;
      const added = await fx.addFavorite(viewer, favorite.id);
      expect(added.statusCode).toBe(200);
      const favorites = (await fx.treeOf(viewer))
        .flatMap((a) => a.workspaces.flatMap((w) => w.reports))
        .filter((report) => report.favorite);
      expect(favorites.map((report) => report.id)).toEqual([favorite.id]);
    });

    it('checks access on every viewer answer, cached token or not', async () => {
      const account = await fx.createAccount(fx.newIdentity());
      const report = account.workspaces[0]!.reports[0]!;
      const [allowed, stranger] = [await fx.viewer(), await fx.viewer()];
      await grant(fx, allowed, [report.id]);
      const open = (user: SignedIn) =>
        callApi(fx.app, {
          method: 'GET',
          url: `/api/viewer/report/${report.uId}`,
          token: user.token,
        });

      const first = await open(allowed);
      const again = await open(allowed);
      expect(again.json()).toEqual(first.json());
      expect((await open(stranger)).statusCode).toBe(403);
    });

    it('refuses a remembered access token once its session is revoked', async () => {
      const viewer = await fx.viewer();
      const session = await createSessionIssuer(fx.app.context).issue(fx.db, viewer.id);
      const ownTree = () =>
        callApi(fx.app, { method: 'GET', url: `/api/account/${viewer.id}`, token: session.token });
      expect((await ownTree()).statusCode).toBe(200);
      expect((await ownTree()).statusCode).toBe(200);
      const logout = await callApi(fx.app, {
        method: 'POST',
        url: '/api/user/logout',
        body: { token: session.refreshToken },
      });
      expect(logout.json()).toEqual({ revoked: true });
      expect((await ownTree()).statusCode).toBe(401);
    });
  });
}
