import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi, testDialects } from '../helper.ts';
import { reportNames, useContentFixture } from './content-fixture.ts';

/**
 * After a save in the editor the portal brings in the one report the save named (issue 25): one
 * `GET reports/{id}`, where re-syncing the account cost 1 + 2W calls (W workspaces).
 */
for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`a saved report brought in (${dialect})`, () => {
    const fx = useContentFixture(dialect);

    const reportSaved = (body: object) =>
      callApi(fx.app, {
        method: 'POST',
        url: '/api/authoring/saved-report',
        token: fx.admin.token,
        body,
      });
    const treeOf = async (accountId: number) =>
      (await fx.treeOf(fx.admin)).filter((a) => a.id === accountId);

    it('adds a report saved as a copy with one BI call, touching nothing else', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      const [comercial, finanzas] = identity.workspaces;
      const before = await treeOf(account.id);
      const copy = { id: randomUUID(), name: 'Ventas (copia)' };
      comercial!.reports.push(copy);
      // Changes the save did not make stay out until the next sync.
      finanzas!.reports.push({ id: randomUUID(), name: 'Sin sincronizar' });
      const tokenCalls = fx.bi.calls.token;
      const restCalls = fx.bi.restCalls.length;

      const saved = await reportSaved({
        accountId: account.id,
        workspaceId: comercial!.id,
        reportId: copy.id,
      });

      expect(saved.statusCode).toBe(204);
      expect(fx.bi.restCalls.slice(restCalls)).toEqual([
        `GET /v1.0/myorg/groups/${comercial!.id}/reports/${copy.id}`,
      ]);
      expect(fx.bi.calls.token - tokenCalls).toBe(0);
      const after = await treeOf(account.id);
      expect(reportNames(after)).toEqual(
        [...reportNames(before), `${comercial!.name}/${copy.name}`].sort(),
      );
      const uIds = (tree: typeof after) =>
        tree.flatMap((a) => a.workspaces.flatMap((w) => w.reports.map((r) => r.uId)));
      expect(uIds(after)).toEqual(expect.arrayContaining(uIds(before)));
    });

    it('follows a renamed report and keeps its uId', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      const [comercial] = identity.workspaces;
      const report = comercial!.reports[0]!;
      const uIdOf = async () =>
        (await treeOf(account.id))[0]!.workspaces
          .flatMap((w) => w.reports)
          .find((r) => r.id === report.id)!;
      const { uId } = await uIdOf();
      report.name = 'Ventas (v2)';

      const saved = await reportSaved({
        accountId: account.id,
        workspaceId: comercial!.id,
        reportId: report.id,
      });

      expect(saved.statusCode).toBe(204);
      expect(await uIdOf()).toMatchObject({ uId, name: 'Ventas (v2)' });
    });

    it('says 404 for a report the BI service does not have, and for an unknown account', async () => {
      const identity = fx.newIdentity();
      const account = await fx.createAccount(identity);
      const workspaceId = identity.workspaces[0]!.id;
      const gone = await reportSaved({
        accountId: account.id,
        workspaceId,
        reportId: randomUUID(),
      });
      expect([gone.statusCode, gone.json().message]).toEqual([
        404,
        'El contenido ya no existe en el servicio de BI.',
      ]);
      const noAccount = await reportSaved({
        accountId: 999_999,
        workspaceId,
        reportId: randomUUID(),
      });
      expect([noAccount.statusCode, noAccount.json().message]).toEqual([
        404,
        'La cuenta de integración no existe.',
      ]);
    });
  });
}
