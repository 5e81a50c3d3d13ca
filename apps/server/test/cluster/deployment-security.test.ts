import { randomUUID } from 'node:crypto';
import { freePort } from '@vitrina/e2e/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../helper.ts';
import {
  bearer,
  clientCredentials,
  embedToken,
  emptyReport,
  json,
  passwordGrant,
  tokenPath,
} from './bi-requests.ts';
import { startDeployedStack, type DeployedStack } from './deployed-stack.ts';
import { hostileImportCases } from './hostile-imports.ts';
import { listeningAddresses } from './listening-sockets.ts';
import { nginxAvailable } from './nginx.ts';
import { setUpProduction, principalToken, type ProductionContent } from './production-content.ts';
import { proxiedCalls, type ProxiedCalls } from './proxied-calls.ts';
import { addresses, powerBiError, type Answer } from './proxy-client.ts';
import { redisAvailable } from './redis-server.ts';
import {
  abortedImport,
  biDataDirOf,
  importFile,
  leftoverUploads,
  oversizedImport,
} from './upload-attacks.ts';

/**
 * The published demo identities (apps/bi-service/src/seed/demo-identities.ts before issue 24):
 * anyone who read the source knows them, so none may open anything in production.
 */
const publishedDemo = {
  servicePrincipal: {
    clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a03',
    secret: 'vitrina-demo-secret',
  },
  users: [
    {
      clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01',
      username: 'integracion.comercial@vitrina.demo',
      password: 'Comercial2024',
    },
    {
      clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a02',
      username: 'integracion.finanzas@vitrina.demo',
      password: 'Finanzas2024',
    },
  ],
};

/** What an error text must not tell an outsider: addresses, ports, socket paths, driver errors. */
const internals =
  /ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|127\.0\.0\.1|localhost|::1|:\d{2,5}\b|\/var\/run|\.s\.PGSQL|postgres(ql)?:\/\/|terminated unexpectedly|pg_hba/i;

const refused = (answer: Answer) => answer.status >= 400 && answer.status < 500;

/**
 * Issue 24's deployment security suite. It starts the production set-up exactly as
 * docs/deployment.md documents it (environment file, `start:bi`, two `start:portal`, the shipped
 * nginx file, PostgreSQL, Redis), sets up content by hand as an operator would (there is no
 * demo), and attacks it through nginx as an outsider would, asserting the fixed behaviour.
 */
describe.skipIf(!(postgresAvailable && redisAvailable && nginxAvailable))(
  'the documented production deployment under attack',
  () => {
    let stack: DeployedStack;
    let calls: ProxiedCalls;
    let content: ProductionContent;
    /** The portal principal's access token, as any of its REST clients holds one. */
    let principal: string;

    beforeAll(async () => {
      stack = await startDeployedStack();
      calls = proxiedCalls(stack.nginx.port);
      content = await setUpProduction(stack, calls);
      principal = await principalToken(calls, content.portalPrincipal);
    }, 180_000);
    afterAll(() => stack?.stop());

    const group = () => `/v1.0/myorg/groups/${content.workspaceId}`;
    const generateToken = (reportId: string, body: Record<string, unknown>) =>
      calls.bi(`${group()}/reports/${reportId}/GenerateToken`, {
        method: 'POST',
        headers: { ...bearer(principal), ...json },
        body: JSON.stringify(body),
      });
    const openReport = (token = content.viewerToken) =>
      calls.portal('GET', `/api/viewer/report/${content.r1Uid}`, { token });

    it('both servers listen on 127.0.0.1 only, so nothing bypasses the proxy', () => {
      const ports = [
        stack.env['BI_PORT'],
        stack.env['BI_TLS_PORT'],
        ...stack.portals.map((p) => new URL(p.url).port),
      ];
      for (const port of ports.map(Number))
        expect(listeningAddresses(port), `port ${port}`).toEqual(['127.0.0.1']);
    });

    it('answers that carry tokens are not stored by caches', async () => {
      const minted = await generateToken(content.r1, { accessLevel: 'View' });
      expect(minted.status).toBe(200);
      expect(minted.headers['cache-control']).toMatch(/no-store/);
      const opened = await openReport();
      expect(opened.status).toBe(200);
      expect(opened.headers['cache-control']).toMatch(/no-store/);
    });

    it('a forged X-Forwarded-For does not escape the per-address login limit', async () => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 45; attempt++) {
        const answer = await calls.portal('POST', '/api/user/authenticate', {
          from: addresses.forger,
          // Documentation addresses (TEST-NET-2): header text only, never connected to.
          headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
          body: { username: `intruso${attempt}`, password: 'Intento123' },
        });
        statuses.push(answer.status);
      }
      console.info(`[forged X-Forwarded-For] statuses ${statuses.join(' ')}`);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual(Array(25).fill(429));
    });

    it('the published demo secret and demo passwords open nothing', async () => {
      const { servicePrincipal, users } = publishedDemo;
      const attempts = [
        clientCredentials(servicePrincipal.clientId, servicePrincipal.secret),
        ...users.map((user) => passwordGrant(user.clientId, user.username, user.password)),
      ];
      for (const attempt of attempts) {
        const answer = await calls.bi(tokenPath, {
          method: 'POST',
          from: addresses.outsider,
          ...attempt,
        });
        expect(answer.status, answer.text).not.toBe(200);
        expect(answer.json?.['access_token']).toBeUndefined();
      }
    });

    it('PostgreSQL sources cannot reach the host: Unix socket, loopback, closed ports; errors tell nothing', async () => {
      const portalDatabase = new URL(stack.database.url).pathname.slice(1);
      const closedPort = await freePort();
      const sources = [
        {
          connection: `postgresql://postgres@/${portalDatabase}?host=/var/run/postgresql`,
          sql: 'select username, password_hash from users',
        },
        { connection: 'postgresql://postgres@127.0.0.1:5432/test', sql: 'select 1 as uno' },
        {
          connection: `postgresql://postgres@127.0.0.1:${closedPort}/nada`,
          sql: 'select 1 as uno',
        },
      ];
      for (const [index, source] of sources.entries()) {
        const answer = await calls.bi(`${group()}/datasets/postgresql`, {
          method: 'POST',
          headers: { ...bearer(principal), ...json },
          body: JSON.stringify({
            name: `Fuente ${index}`,
            connectionString: source.connection,
            queries: [{ name: 'datos', sql: source.sql }],
          }),
        });
        expect(refused(answer), `${source.connection}: ${answer.status} ${answer.text}`).toBe(true);
        expect(powerBiError(answer)?.message).not.toMatch(internals);
      }
    });

    it("outsiders' failed token requests do not lock the portal out of the BI service", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 25; attempt++) {
        for (const [clientId, secret] of [
          [randomUUID(), 'inventado'],
          [content.portalPrincipal.clientId, 'equivocado'],
        ] as const) {
          const answer = await calls.bi(tokenPath, {
            method: 'POST',
            from: addresses.outsider,
            ...clientCredentials(clientId, secret),
          });
          statuses.push(answer.status);
        }
      }
      console.info(
        `[token flood] 50 outsider requests: ${statuses.filter((s) => s === 429).length} answered 429`,
      );
      // The flood did reach the failure limit, for the outsider.
      expect(statuses).toContain(429);
      const test = await calls.portal('POST', `/api/account/${content.accountId}/test`, {
        token: content.adminToken,
        body: {},
      });
      expect(test.status).toBe(200);
      expect(test.json, test.text).toMatchObject({ ok: true });
      expect((await openReport()).status).toBe(200);
    });

    it('an embed token reaches its own report and its own save-as copies only', async () => {
      const t1 = String(
        (await generateToken(content.r1, { accessLevel: 'Edit', allowSaveAs: true })).json?.[
          'token'
        ],
      );
      const saved = await calls.bi(`/v1.0/embed/reports/${content.r1}/saveAs`, {
        method: 'POST',
        headers: { ...embedToken(t1), ...json },
        body: JSON.stringify({ name: 'R2 copia', definition: emptyReport }),
      });
      expect(saved.status, saved.text).toBe(200);
      const r2 = String(saved.json?.['id']);
      const read = (token: string) =>
        calls.bi(`/v1.0/embed/reports/${r2}`, { headers: embedToken(token) });
      expect((await read(t1)).status).toBe(200);
      // The same principal's other tokens: a viewer's token for R1 from the portal, an Edit
      // token for R3 that may save as too.
      const viewerToken = String((await openReport()).json?.['accessToken']);
      const t3 = String(
        (await generateToken(content.r3, { accessLevel: 'Edit', allowSaveAs: true })).json?.[
          'token'
        ],
      );
      for (const other of [viewerToken, t3]) {
        const answer = await read(other);
        expect(answer.status).toBe(403);
        expect(powerBiError(answer)).toBeDefined();
      }
    });

    it('refused and failed uploads leave no file behind; an empty file is a 400 with a message', async () => {
      const uploads = () => leftoverUploads(biDataDirOf(stack.dataDir));
      const empty = await importFile(
        calls,
        principal,
        content.workspaceId,
        'vacio.csv',
        Buffer.alloc(0),
      );
      expect(empty.status, empty.text).toBe(400);
      expect(powerBiError(empty)?.message).toBeTruthy();
      const reader = await principalToken(calls, content.readerPrincipal);
      const forbidden = await importFile(
        calls,
        reader,
        content.workspaceId,
        'ajeno.csv',
        Buffer.from('a,b\n1,2\n'),
      );
      expect(forbidden.status).toBe(403);
      await abortedImport(stack.biUrl, principal, content.workspaceId);
      const oversized = await oversizedImport(
        calls,
        principal,
        content.workspaceId,
        101 * 1024 * 1024,
      );
      if (oversized) expect(refused(oversized), `${oversized.status}`).toBe(true);
      // Cleaning up after a connection that broke may take the service a moment.
      for (let wait = 0; wait < 20 && uploads().length > 0; wait++)
        await new Promise((r) => setTimeout(r, 250));
      expect(uploads()).toEqual([]);
    });

    hostileImportCases(() => ({ stack, calls, content, principal }));

    describe('after the operator adds switches to the environment file and restarts the BI service', () => {
      beforeAll(async () => {
        // VITRINA_DEMO=true explicitly, the test fault switch, and an allow-list naming loopback
        // (as an operator whose source PostgreSQL runs on the same host would write it).
        await stack.restartBi({
          VITRINA_DEMO: 'true',
          BI_TEST_FAULTS: 'true',
          BI_SOURCE_ALLOWED_HOSTS: '127.0.0.1',
        });
      }, 180_000);

      it('/_test/faults does not exist in the shipped server and every route keeps working', async () => {
        const fault = await calls.bi('/_test/faults', {
          method: 'PUT',
          from: addresses.outsider,
          headers: json,
          body: JSON.stringify([{ path: '/', status: 503 }]),
        });
        expect(fault.status).toBe(404);
        expect((await calls.bi('/health', { from: addresses.outsider })).status).toBe(200);
        expect(await principalToken(calls, content.portalPrincipal)).toBeTruthy();
        expect((await openReport()).status).toBe(200);
      });

      it('demo mode turned on explicitly in production does not use the published credentials', async () => {
        const { servicePrincipal, users } = publishedDemo;
        for (const attempt of [
          clientCredentials(servicePrincipal.clientId, servicePrincipal.secret),
          ...users.map((user) => passwordGrant(user.clientId, user.username, user.password)),
        ]) {
          const answer = await calls.bi(tokenPath, {
            method: 'POST',
            from: addresses.outsider,
            ...attempt,
          });
          expect(answer.status, answer.text).not.toBe(200);
        }
      });

      it("an allow-listed source still cannot read the server's files", async () => {
        const answer = await calls.bi(`${group()}/datasets/postgresql`, {
          method: 'POST',
          headers: { ...bearer(principal), ...json },
          body: JSON.stringify({
            name: 'Archivo del servidor',
            connectionString: 'postgresql://postgres@127.0.0.1:5432/test',
            queries: [
              { name: 'archivo', sql: "select pg_read_file('/etc/hostname') as contenido" },
            ],
          }),
        });
        expect(refused(answer), `${answer.status} ${answer.text}`).toBe(true);
        expect(powerBiError(answer)).toBeDefined();
      });
    });
  },
);
