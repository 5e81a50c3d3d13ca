import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  callApi,
  signIn,
  testDialects,
  type SignedIn,
  type TestApp,
} from '../helper.ts';
import { demoServicePrincipalAccount } from '@vitrina/test-support/demo';
import { startBundledBi, type BundledBi } from './bundled-bi-process.ts';

/**
 * Sync failures produced by the real bundled BI service through the tests' fault switch (issue
 * 14, started by the tests' own entry point), where decision 0023's in-test fake was needed before.
 */
interface TreeAccount {
  id: number;
  error: boolean;
  message: string | null;
  lastSyncAt: string | null;
  workspaces: { id: string; name: string; reports: { id: string; name: string }[] }[];
}

let bi: BundledBi;
beforeAll(async () => {
  bi = await startBundledBi({ withFaultSwitch: true });
}, 150_000);
afterAll(() => bi?.stop());
afterEach(() => bi.setFaults([]));

for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`account sync against BI service faults (${dialect})`, () => {
    let portal: TestApp;
    let admin: SignedIn;
    let account: TreeAccount;

    beforeAll(async () => {
      portal = await buildTestApp(dialect, { env: bi.portalEnv });
      admin = await signIn(portal, 0);
      const created = await callApi(portal.app, {
        method: 'POST',
        url: '/api/account',
        token: admin.token,
        body: demoServicePrincipalAccount,
      });
      expect(created.statusCode).toBe(201);
      account = created.json();
      expect(account.error).toBe(false);
    }, 60_000);
    afterAll(() => portal?.close());

    const syncNow = () => portal.app.services.sync.syncAccount(account.id);
    const syncInBackground = () => portal.app.services.sync.syncAccountInBackground(account.id);
    const current = async (): Promise<TreeAccount> => {
      const tree = await callApi(portal.app, {
        method: 'GET',
        url: `/api/account/${admin.id}`,
        token: admin.token,
      });
      return (tree.json() as TreeAccount[]).find((a) => a.id === account.id)!;
    };

    /** The failed sync flags the account and keeps its content and last sync time. */
    async function expectFailedSyncKeepsContent(
      message: string,
      afterFailure?: () => Promise<void>,
      sync = syncNow,
    ) {
      const before = await current();
      expect((await sync()).ok).toBe(false);
      await afterFailure?.();
      const failed = await current();
      expect(failed).toMatchObject({ error: true, message, lastSyncAt: before.lastSyncAt });
      expect(failed.workspaces).toEqual(before.workspaces);
      await bi.setFaults([]);
      expect((await syncNow()).ok).toBe(true);
      expect(await current()).toMatchObject({ error: false, message: null });
    }

    it('keeps the content, marks the error and keeps the last sync time when the BI service answers 500', async () => {
      await bi.setFaults([{ status: 500 }]);
      await expectFailedSyncKeepsContent('El servicio de BI respondió con un error inesperado.');
    });

    it('in the background, waits out a 429 with Retry-After and completes the sync', async () => {
      const before = await current();
      await bi.setFaults([{ status: 429, retryAfterSeconds: 1, times: 1 }]);
      const started = Date.now();
      expect(await syncInBackground()).toEqual({ ok: true, message: null });
      // The stated wait is a lower bound the portal must honour, not a speed figure.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect((await bi.faults())[0]).toMatchObject({ fired: 1 });
      const after = await current();
      expect(after).toMatchObject({ error: false, message: null });
      expect(after.workspaces).toEqual(before.workspaces);
    });

    const throttled = (seconds: number) =>
      `El servicio de BI limitó las solicitudes; reintente en ${seconds} s.`;

    it('fails at once and flags the account when Retry-After is longer than the sync waits', async () => {
      await bi.setFaults([{ status: 429, retryAfterSeconds: 120 }]);
      await expectFailedSyncKeepsContent(throttled(120), undefined, syncInBackground);
    });

    it('gives up after three waits when the BI service keeps answering 429', async () => {
      await bi.setFaults([{ path: '/v1.0/myorg/groups', status: 429, retryAfterSeconds: 1 }]);
      await expectFailedSyncKeepsContent(
        throttled(1),
        async () => {
          // The workspace listing: the first answer and three retries, then the sync gives up.
          expect((await bi.faults())[0]).toMatchObject({ fired: 4 });
        },
        syncInBackground,
      );
    });

    it('for a caller who waits (a route), fails at once on a 429 instead of waiting', async () => {
      await bi.setFaults([{ path: '/v1.0/myorg/groups', status: 429, retryAfterSeconds: 1 }]);
      await expectFailedSyncKeepsContent(throttled(1), async () => {
        expect((await bi.faults())[0]).toMatchObject({ fired: 1 });
      });
    });

    it('leaves nothing half-synced when a workspace vanishes between the listing and its reports', async () => {
      const [first] = (await current()).workspaces;
      await bi.setFaults([{ path: `/groups/${first!.id}/reports`, status: 404 }]);
      await expectFailedSyncKeepsContent('El contenido ya no existe en el servicio de BI.');
    });

    it('completes a sync whose answers are slow', async () => {
      const before = await current();
      await bi.setFaults([{ delayMs: 500, times: 3 }]);
      expect(await syncNow()).toEqual({ ok: true, message: null });
      expect((await current()).workspaces).toEqual(before.workspaces);
    });
  });
}
