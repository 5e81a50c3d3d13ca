import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@vitrina/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callApi, signIn, type SignedIn, type TestApp } from '../helper.ts';
import {
  startBiProcess,
  type BiPlacement,
  type ServerProcess,
} from '@vitrina/test-support/processes';

interface TreeAccount {
  error: boolean;
  message: string | null;
}

/**
 * The real BI service stopped while the portal runs, then started again: the gateway keeps
 * listing what was last synced, the accounts are flagged with the error, the viewer gets a clear
 * error, readiness names the BI service, and everything recovers without restarting the portal.
 */
describe('BI service down and back', () => {
  const biDataDir = mkdtempSync(join(tmpdir(), 'vitrina-bi-outage-'));
  let placement: BiPlacement;
  let bi: ServerProcess;
  let portal: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    placement = { port: await freePort(), tlsPort: await freePort(), dataDir: biDataDir };
    const started = await startBiProcess({ env: { VITRINA_DEMO: 'true' }, placement });
    bi = started;
    portal = await buildTestApp('sqlite', {
      env: {
        VITRINA_DEMO: 'true',
        BI_URL: started.url,
        BI_AUTHORITY_URL: started.authorityUrl,
        BI_TLS_CA_FILE: join(biDataDir, 'bi/tls/cert.pem'),
      },
    });
    admin = await signIn(portal, 0);
  }, 150_000);
  afterAll(async () => {
    await portal?.close();
    await bi?.stop();
    rmSync(biDataDir, { recursive: true, force: true });
  });

  const tree = async () => {
    const response = await callApi(portal.app, {
      method: 'GET',
      url: `/api/account/${admin.id}`,
      token: admin.token,
    });
    expect(response.statusCode).toBe(200);
    return { accounts: response.json<TreeAccount[]>(), text: response.body };
  };
  const firstUid = (text: string) => /"uId":"([^"]+)"/.exec(text)?.[1] ?? '';
  const open = async (uid: string) =>
    callApi(portal.app, { method: 'GET', url: `/api/viewer/report/${uid}`, token: admin.token });
  const ready = async () =>
    (await callApi(portal.app, { method: 'GET', url: '/api/ready' })).json<{
      dependencies: Record<string, string>;
    }>().dependencies['bi'];

  it('keeps the last sync, flags the accounts, answers the viewer clearly, then recovers', async () => {
    const before = await tree();
    const uid = firstUid(before.text);
    expect(uid).not.toBe('');
    expect(before.accounts.every((account) => !account.error)).toBe(true);
    expect((await open(uid)).statusCode).toBe(200);

    await bi.stop();
    await portal.app.services.sync.syncAll();
    const during = await tree();
    expect(firstUid(during.text)).toBe(uid);
    expect(during.accounts.every((account) => account.error && account.message)).toBe(true);
    expect(await ready()).toBe('caído');
    // Cached embed tokens still open reports; one to mint needs the BI service: a clear 502.
    portal.app.services.embedTokens.clear();
    const refused = await open(uid);
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toMatch(/servicio de BI/i);

    bi = await startBiProcess({ env: { VITRINA_DEMO: 'true' }, placement });
    await portal.app.services.sync.syncAll();
    const after = await tree();
    expect(after.accounts.every((account) => !account.error)).toBe(true);
    expect(firstUid(after.text)).toBe(uid);
    expect((await open(uid)).statusCode).toBe(200);
    expect(await ready()).toBe('ok');
  });
});
