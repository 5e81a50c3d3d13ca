import { describe, expect, it } from 'vitest';
import { callApi } from '../helper.ts';
import { usePortalOnBundledBi } from './portal-on-bundled-bi.ts';

/**
 * Rename and delete of a report from the portal (issue 26, decision 0238), against the real
 * bundled BI service: the BI service changes, and the portal shows it at once, keeping the
 * report's uid, grants and favorites on a rename and dropping them on a delete.
 */
const fx = usePortalOnBundledBi();

interface TreeReport {
  id: string;
  uId: string;
  name: string;
  kind: string;
  favorite?: boolean;
}

const as =
  (user: { token: string }, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
  (url: string, body?: unknown) =>
    callApi(fx.portal.app, { method, url, token: user.token, ...(body ? { body } : {}) });

async function reportsOf(user: { id: number; token: string }): Promise<TreeReport[]> {
  const tree: { workspaces: { reports: TreeReport[] }[] }[] = (
    await as(user, 'GET')(`/api/account/${user.id}`)
  ).json();
  return tree.flatMap((a) => a.workspaces.flatMap((w) => w.reports));
}

const auditActions = async () =>
  (await fx.portal.db.selectFrom('audit_log').select(['action', 'target_id']).execute()).map(
    (row) => `${row.action} ${row.target_id}`,
  );

describe('administrators rename and delete reports', () => {
  it('renames in the BI service and the portal, keeping uid, grant and favorite', async () => {
    const report = (await reportsOf(fx.admin)).find((r) => r.kind === 'report')!;
    expect(
      (
        await as(fx.admin, 'PUT')('/api/user/permissions', [
          { userId: fx.viewer.id, accountElementId: report.id },
        ])
      ).statusCode,
    ).toBe(200);
    const favorite = await as(fx.viewer, 'POST')('/api/favorite', {
      reportId: report.id,
      userId: fx.viewer.id,
    });
    expect(favorite.statusCode).toBe(200);
    const rename = (uid: string, body: unknown) =>
      as(fx.admin, 'PATCH')(`/api/authoring/report/${uid}`, body);

    const blank = await rename(report.uId, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/name/);
    expect((await rename('no-existe', { name: 'Otro' })).statusCode).toBe(404);
    expect(
      (await as(fx.viewer, 'PATCH')(`/api/authoring/report/${report.uId}`, { name: 'x' }))
        .statusCode,
    ).toBe(403);

    expect((await rename(report.uId, { name: ' Ventas 2026 ' })).statusCode).toBe(204);
    const renamed = (await reportsOf(fx.admin)).find((r) => r.id === report.id);
    expect(renamed).toMatchObject({ uId: report.uId, name: 'Ventas 2026' });
    const seen = (await reportsOf(fx.viewer)).find((r) => r.id === report.id);
    expect(seen).toMatchObject({ name: 'Ventas 2026', favorite: true });
    const inBi = await as(fx.admin, 'GET')(`/api/viewer/report/${report.uId}`);
    expect(inBi.json().name).toBe('Ventas 2026');
    expect(await auditActions()).toContain(`report.rename ${report.uId}`);
  });

  it('deletes after the BI service did, with the grants and favorites on the report', async () => {
    const report = (await reportsOf(fx.viewer))[0]!;
    expect((await as(fx.viewer, 'DELETE')(`/api/authoring/report/${report.uId}`)).statusCode).toBe(
      403,
    );

    expect((await as(fx.admin, 'DELETE')(`/api/authoring/report/${report.uId}`)).statusCode).toBe(
      204,
    );
    expect((await reportsOf(fx.admin)).some((r) => r.id === report.id)).toBe(false);
    expect(await reportsOf(fx.viewer)).toEqual([]);
    const grants = await fx.portal.db
      .selectFrom('permissions')
      .select('account_element_id')
      .where('account_element_id', '=', report.id)
      .execute();
    expect(grants).toEqual([]);
    expect((await as(fx.admin, 'GET')(`/api/viewer/report/${report.uId}`)).statusCode).toBe(404);
    expect((await as(fx.admin, 'DELETE')(`/api/authoring/report/${report.uId}`)).statusCode).toBe(
      404,
    );
    expect(await auditActions()).toContain(`report.delete ${report.uId}`);
  });
});
