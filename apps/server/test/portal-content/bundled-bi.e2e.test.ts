import { describe, expect, it } from 'vitest';
import { callApi } from '../helper.ts';
import { usePortalOnBundledBi } from './portal-on-bundled-bi.ts';

/**
 * The portal against the real bundled BI service (separate process, real HTTP and HTTPS): MSAL
 * signs the demo identities in over TLS with the service's self-signed certificate, the demo
 * accounts are registered and synced at start-up, and the viewer gets real embed tokens.
 */
const fx = usePortalOnBundledBi();

async function adminTree() {
  return (
    await callApi(fx.portal.app, {
      method: 'GET',
      url: `/api/account/${fx.admin.id}`,
      token: fx.admin.token,
    })
  ).json();
}

describe('portal with the bundled BI service (demo mode)', () => {
  it('registers and syncs the two demo integration accounts at start-up', async () => {
    const accounts: {
      description: string;
      error: boolean;
      workspaces: { name: string; reports: unknown[] }[];
    }[] = await adminTree();
    expect(accounts.map((a) => [a.description, a.error, a.workspaces.map((w) => w.name)])).toEqual([
      ['Retail Andino - Comercial', false, ['Comercial', 'Operaciones']],
      ['Retail Andino - Finanzas y RR. HH.', false, ['Finanzas', 'Recursos Humanos']],
    ]);
    expect(accounts.every((a) => a.workspaces.every((w) => w.reports.length > 0))).toBe(true);
  });

  it('hands the viewer a real embed token for one report and one dashboard', async () => {
    const accounts = await adminTree();
    const items: { uId: string; kind: string }[] = accounts[0].workspaces[0].reports;
    for (const kind of ['report', 'dashboard']) {
      const item = items.find((i) => i.kind === kind)!;
      const response = await callApi(fx.portal.app, {
        method: 'GET',
        url: `/api/viewer/report/${item.uId}`,
        token: fx.admin.token,
      });
      expect(response.statusCode).toBe(200);
      // It carries an embed token: no browser or proxy may keep it.
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body.type).toBe(kind);
      expect(body.embedUrl).toContain(
        kind === 'report' ? '/reportEmbed?reportId=' : '/dashboardEmbed?dashboardId=',
      );
      const claims = JSON.parse(
        Buffer.from(body.accessToken.split('.')[1], 'base64url').toString(),
      );
      expect(claims).toMatchObject({ accessLevel: 'View', ver: 1 });
      expect(claims[kind === 'report' ? 'reports' : 'dashboards']).toContain(body.reportId);
    }
  });

  it('gives administrators the account’s BI access token', async () => {
    const accounts = await adminTree();
    const response = await callApi(fx.portal.app, {
      method: 'GET',
      url: `/api/account/token/${accounts[1].id}`,
      token: fx.admin.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().accessToken.split('.')).toHaveLength(3);
  });

  it('flags an account whose password is wrong with the reason', async () => {
    const response = await callApi(fx.portal.app, {
      method: 'POST',
      url: '/api/account',
      token: fx.admin.token,
      body: {
        description: 'Clave equivocada',
        username: 'integracion.comercial@vitrina.demo',
        password: 'Equivocada1',
        clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      error: true,
      message: 'El usuario o la contraseña de la cuenta de integración no son válidos.',
      workspaces: [],
    });
  });
});

describe('administrators author reports through the portal (issue 13)', () => {
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
  /** The demo Comercial account (an earlier case added an account that sorts first). */
  const comercialAccount = async () =>
    (await adminTree()).find((a: { description: string }) => a.description.endsWith('Comercial'));
  const adminCall = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    callApi(fx.portal.app, { method, url, token: fx.admin.token, ...(body ? { body } : {}) });

  it('mints an Edit token with save as for a report, and no token for a dashboard', async () => {
    const account = await comercialAccount();
    const items: { uId: string; kind: string }[] = account.workspaces[0].reports;
    const report = items.find((i) => i.kind === 'report')!;
    const edit = await adminCall('GET', `/api/viewer/report/${report.uId}/edit`);
    expect(edit.statusCode).toBe(200);
    expect(edit.headers['cache-control']).toBe('no-store');
    expect(edit.json().accountId).toBe(account.id);
    expect(claimsOf(edit.json().accessToken)).toMatchObject({
      accessLevel: 'Edit',
      allowSaveAs: true,
    });
    const dashboard = items.find((i) => i.kind === 'dashboard')!;
    const refused = await adminCall('GET', `/api/viewer/report/${dashboard.uId}/edit`);
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([404, 'no-store']);
  });

  it('creates a report on a workspace dataset and shows it after the saved-report call', async () => {
    const account = await comercialAccount();
    const workspace = account.workspaces[0];
    const base = `/api/authoring/account/${account.id}/workspace/${workspace.id}`;
    const datasets = await adminCall('GET', `${base}/datasets`);
    expect(datasets.statusCode).toBe(200);
    const [dataset] = datasets.json() as { id: string; name: string }[];
    expect(dataset).toBeDefined();
    const create = await adminCall('GET', `${base}/dataset/${dataset!.id}/create`);
    expect(create.statusCode).toBe(200);
    expect(create.headers['cache-control']).toBe('no-store');
    const embed = create.json();
    expect(embed.embedUrl).toContain(`datasetId=${dataset!.id}`);
    expect(claimsOf(embed.accessToken)).toMatchObject({
      accessLevel: 'Create',
      datasets: [dataset!.id],
    });
    const unknown = await adminCall('GET', `${base}/dataset/${workspace.id}/create`);
    expect(unknown.statusCode).toBe(404);

    // What the frame does on its first save, with the token the portal handed out.
    const biUrl = new URL(embed.embedUrl).origin;
    const saved = await fetch(`${biUrl}/v1.0/embed/datasets/${dataset!.id}/reports`, {
      method: 'POST',
      headers: {
        authorization: `EmbedToken ${embed.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        name: 'Informe de prueba de autoría',
        definition: {
          pages: [{ name: 'P1', displayName: 'Página 1', width: 1280, height: 720, visuals: [] }],
        },
      }),
    });
    expect(saved.status).toBe(200);
    const { id: reportId } = (await saved.json()) as { id: string };
    const sync = await adminCall('POST', '/api/authoring/saved-report', {
      accountId: account.id,
      workspaceId: workspace.id,
      reportId,
    });
    expect(sync.statusCode).toBe(204);
    const after = await comercialAccount();
    const names = after.workspaces[0].reports.map((r: { name: string }) => r.name);
    expect(names).toContain('Informe de prueba de autoría');
  });
});
