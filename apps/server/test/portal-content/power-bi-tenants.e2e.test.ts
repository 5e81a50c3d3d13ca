import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, tokenFor } from '../helper.ts';
import { demoMfaUsername, publishedDemoCredentials } from '@vitrina/env/demo';
import { demoServicePrincipalAccount } from '@vitrina/test-support/demo';
import { usePortalOnBundledBi } from './portal-on-bundled-bi.ts';

/**
 * Issue 15 against the bundled BI service: a service-principal account syncs and embeds, wrong
 * secrets and MFA-protected master users get their Spanish sentences, "Probar conexión" names the
 * failing step, and row-level security maps each viewer to their own identity (fail closed).
 */
const fx = usePortalOnBundledBi();

const servicePrincipal = demoServicePrincipalAccount;
const rlsReportName = 'Ventas por país (seguridad por filas)';

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token = fx.admin.token,
) => callApi(fx.portal.app, { method, url: `/api${url}`, token, ...(body ? { body } : {}) });

interface TreeAccount {
  id: number;
  error: boolean;
  message: string | null;
  authType: string;
  warnings: string[];
  workspaces: { name: string; reports: { name: string; uId: string }[] }[];
}

async function createAccount(body: Record<string, unknown>): Promise<TreeAccount> {
  const response = await api('POST', '/account', body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('service-principal accounts', () => {
  let account: TreeAccount;

  it('sync every demo workspace with client credentials and hand out embed tokens', async () => {
    account = await createAccount(servicePrincipal);
    expect(account).toMatchObject({ error: false, authType: 'ServicePrincipal', warnings: [] });
    expect(account.workspaces.map((w) => w.name)).toEqual([
      'Comercial',
      'Finanzas',
      'Operaciones',
      'Recursos Humanos',
    ]);
    const report = account.workspaces[1]!.reports[0]!;
    const opened = await api('GET', `/viewer/report/${report.uId}`);
    expect(opened.statusCode).toBe(200);
    expect(claimsOf(opened.json().accessToken)).toMatchObject({ accessLevel: 'View' });
  });

  it('seals the secret and the certificate at rest and never returns them', async () => {
    const certificate = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
    const sealed = await createAccount({
      ...servicePrincipal,
      description: 'Sellada',
      certificate,
    });
    const row = await fx.portal.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', sealed.id)
      .executeTakeFirstOrThrow();
    expect(row.password_encrypted).not.toContain(servicePrincipal.password);
    expect(row.certificate_encrypted).not.toContain('AAAA');
    expect(row).toMatchObject({ auth_type: 'ServicePrincipal', tenant_id: 'vitrina' });
    expect(Object.keys(sealed)).not.toContain('password');
    expect(Object.keys(sealed)).not.toContain('certificate');
    // A PEM without a private key cannot sign in: the account says so.
    expect(sealed.message).toContain('certificado');
    await api('DELETE', `/account/${sealed.id}`);
  });

  it('passes "Probar conexión" step by step', async () => {
    const result = (await api('POST', `/account/${account.id}/test`, {})).json();
    expect(result.ok).toBe(true);
    expect(result.steps.map((s: { step: string }) => s.step)).toEqual([
      'signIn',
      'workspaces',
      'embedToken',
    ]);
    expect(result.steps[1].message).toBe('La cuenta ve 4 área(s) de trabajo.');
  });

  it('explains a wrong secret in Spanish, in the account and in the connection test', async () => {
    const wrong = await createAccount({ ...servicePrincipal, password: 'secreto-equivocado' });
    const sentence =
      'El secreto de cliente no es válido (AADSTS7000215): copie el valor del secreto, no su identificador.';
    expect(wrong).toMatchObject({ error: true, message: sentence });
    const result = (await api('POST', `/account/${wrong.id}/test`, {})).json();
    expect(result).toEqual({
      ok: false,
      steps: [{ step: 'signIn', ok: false, message: sentence }],
    });
  });

  it('asks for the tenant of a service principal and keeps the e-mail rule for master users', async () => {
    const noTenant = await api('POST', '/account', { ...servicePrincipal, tenantId: undefined });
    expect(noTenant.json()).toMatchObject({
      field: 'tenantId',
      message: 'Tenant ID: El campo es requerido.',
    });
    const label = await api('POST', '/account', {
      ...servicePrincipal,
      authType: undefined,
      tenantId: undefined,
    });
    expect(label.json()).toMatchObject({ field: 'username' });
    expect(label.json().message).toContain('El campo requiere formato de mail.');
  });
});

describe('master users', () => {
  it('warn that ROPC does not work with MFA, and name AADSTS50076 when MFA is required', async () => {
    const mfa = await createAccount({
      description: 'Usuario con MFA',
      username: demoMfaUsername,
      password: publishedDemoCredentials.passwords[demoMfaUsername],
      clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01',
    });
    expect(mfa).toMatchObject({
      error: true,
      authType: 'MasterUser',
      message:
        'La cuenta exige autenticación multifactor (AADSTS50076) y el usuario maestro no puede cumplirla: use una entidad de servicio.',
      warnings: ['ROPC no funciona con MFA; use una entidad de servicio.'],
    });
  });
});

describe('row-level security per viewer', () => {
  let accountId: number;
  let uid: string;
  const viewers: { id: number; token: string }[] = [];

  beforeAll(async () => {
    // The report's BI id must be this account's alone for the Por reporte page to find it here.
    const others: { id: number }[] = (await api('GET', '/administration/reports/accounts')).json();
    for (const other of others) await api('DELETE', `/account/${other.id}`);
    const account = await createAccount({ ...servicePrincipal, description: 'RLS' });
    accountId = account.id;
    uid = account.workspaces[0]!.reports.find((r) => r.name === rlsReportName)!.uId;
    for (const username of ['peru', 'chile', 'sinidentidad']) {
      const user = await createUser(fx.portal.db, { rol: 1, username });
      await api('PUT', '/user/permissions', [
        { userId: user.id, accountElementId: String(accountId) },
      ]);
      viewers.push({ id: user.id, token: await tokenFor(fx.portal.app, user.id) });
    }
  });

  const mapTo = (userId: number, username: string) =>
    api('PUT', `/account/${accountId}/identities`, { userId, username, roles: ['Pais'] });

  it('gives each viewer a token carrying their own identity', async () => {
    expect((await mapTo(viewers[0]!.id, 'gerente.peru@retailandino.demo')).statusCode).toBe(204);
    expect((await mapTo(viewers[1]!.id, 'gerente.chile@retailandino.demo')).statusCode).toBe(204);
    const [peru, chile] = await Promise.all(
      viewers.slice(0, 2).map((v) => api('GET', `/viewer/report/${uid}`, undefined, v.token)),
    );
    expect(claimsOf(peru!.json().accessToken)['identities']).toMatchObject([
      { username: 'gerente.peru@retailandino.demo', roles: ['Pais'] },
    ]);
    expect(claimsOf(chile!.json().accessToken)['identities']).toMatchObject([
      { username: 'gerente.chile@retailandino.demo', roles: ['Pais'] },
    ]);
  });

  it('explains each viewer\'s grant path and identity ("¿Por qué puede ver esto?")', async () => {
    const reportId = (
      await api('GET', `/viewer/report/${uid}`, undefined, viewers[0]!.token)
    ).json().reportId;
    const access: { user: { id: number }; grants: string[]; identities: { username: string }[] }[] =
      (await api('GET', `/administration/report/${reportId}/access`)).json();
    expect(access.map((a) => [a.user.id, a.grants, a.identities.map((i) => i.username)])).toEqual([
      [viewers[0]!.id, ['account'], ['gerente.peru@retailandino.demo']],
      [viewers[1]!.id, ['account'], ['gerente.chile@retailandino.demo']],
      [viewers[2]!.id, ['account'], []],
    ]);
  });

  it('fails closed for a viewer without identity', async () => {
    const response = await api('GET', `/viewer/report/${uid}`, undefined, viewers[2]!.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('seguridad por filas');
  });

  it('drops cached tokens at once when a mapping changes', async () => {
    const before = (await api('GET', `/viewer/report/${uid}`, undefined, viewers[0]!.token)).json();
    await mapTo(viewers[0]!.id, 'gerente.andina@retailandino.demo');
    const after = (await api('GET', `/viewer/report/${uid}`, undefined, viewers[0]!.token)).json();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(claimsOf(after.accessToken)['identities']).toMatchObject([
      { username: 'gerente.andina@retailandino.demo' },
    ]);
  });
});
