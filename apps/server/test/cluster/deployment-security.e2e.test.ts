import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@vitrina/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../helper.ts';
import { clientCredentials, embedToken, emptyReport, json, tokenPath } from './bi-requests.ts';
import { startDeployedStack } from './deployed-stack.ts';
import { hostileImportCases, leftoverUploadCases } from './import-cases.ts';
import { listeningAddresses } from './listening-sockets.ts';
import { nginxAvailable } from './nginx.ts';
import { principalToken, setUpProduction } from './production-content.ts';
import { proxiedCalls } from './proxied-calls.ts';
import { addresses, powerBiError } from './proxy-client.ts';
import { redisAvailable } from './redis-server.ts';
import { restartedBiCases } from './restart-cases.ts';
import {
  createSource,
  generateToken,
  internals,
  openReport,
  expectNoTokenForPublishedDemo,
  refused,
  type SuiteContext,
} from './suite-context.ts';

/**
 * Issue 24's deployment security suite. It starts the production set-up as docs/deployment.md
 * documents it (its environment file as written, `start:bi`, two `start:portal`, the shipped
 * nginx file, PostgreSQL, Redis; deployed-stack.ts), sets up content by hand as an operator would
 * (production has no demo; production-content.ts), then attacks it through nginx as an outsider
 * would, and asserts the fixed behaviour. One stack serves every case, in order; the last ones
 * restart the BI service with switches added to its environment.
 */
describe.skipIf(!(postgresAvailable && redisAvailable && nginxAvailable))(
  'the documented production deployment under attack',
  () => {
    let context: SuiteContext | undefined;
    const suite = () => {
      if (!context) throw new Error('the deployment did not start');
      return context;
    };

    beforeAll(async () => {
      const stack = await startDeployedStack();
      try {
        const calls = proxiedCalls(stack.nginx.port);
        const content = await setUpProduction(stack, calls);
        const principal = await principalToken(calls, content.portalPrincipal);
        context = { stack, calls, content, principal };
      } catch (error) {
        await stack.stop();
        throw error;
      }
    }, 180_000);
    afterAll(() => context?.stack.stop());

    it('both servers listen on 127.0.0.1 only, so nothing bypasses the proxy', () => {
      const { env, portals } = suite().stack;
      const ports = [
        env['BI_PORT'],
        env['BI_TLS_PORT'],
        ...portals.map((p) => new URL(p.url).port),
      ];
      for (const port of ports.map(Number))
        expect(listeningAddresses(port), `port ${port}`).toEqual(['127.0.0.1']);
    });

    it('answers that carry tokens are not kept by caches (Cache-Control: no-store)', async () => {
      const minted = await generateToken(suite(), suite().content.r1, { accessLevel: 'View' });
      expect(minted.status).toBe(200);
      expect(String(minted.headers['cache-control'])).toMatch(/no-store/);
      const opened = await openReport(suite());
      expect(opened.status).toBe(200);
      expect(String(opened.headers['cache-control'])).toMatch(/no-store/);
    });

    it('a forged X-Forwarded-For does not escape the per-address login limit', async () => {
      // The portal counts failures in one-minute windows that start on the minute; a burst that
      // straddled two would be counted in halves. It lasts about a second: start it well inside.
      const intoWindow = Date.now() % 60_000;
      if (intoWindow > 50_000) await sleep(60_100 - intoWindow);
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 45; attempt++) {
        const answer = await suite().calls.portal('POST', '/api/user/authenticate', {
          from: addresses.forger,
          // Documentation addresses (TEST-NET-2): header text only, never connected to.
          headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
          body: { username: `intruso${attempt}`, password: 'Intento123' },
        });
        statuses.push(answer.status);
      }
      console.info(`[forged X-Forwarded-For] 45 failed logins answered ${statuses.join(' ')}`);
      // LOGIN_RATE_LIMIT_PER_MINUTE is 20 by default: the 21st failure from one address is refused.
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual(Array(25).fill(429));
    });

    it('the published demo secret and demo passwords get no token: no demo in production', async () => {
      await expectNoTokenForPublishedDemo(suite());
    });

    it('PostgreSQL sources cannot reach the host (socket, loopback by address or name); errors tell nothing', async () => {
      const portalDatabase = new URL(suite().stack.database.url).pathname.slice(1);
      const sources = [
        [
          `postgresql://postgres@/${portalDatabase}?host=/var/run/postgresql`,
          'select username, password_hash from users',
        ],
        ['postgresql://postgres@127.0.0.1:5432/test', 'select 1 as uno'],
        // A name is judged by the addresses it resolves to.
        ['postgresql://postgres@localhost:5432/test', 'select 1 as uno'],
        [`postgresql://postgres@127.0.0.1:${await freePort()}/nada`, 'select 1 as uno'],
      ] as const;
      for (const [index, [connection, sql]] of sources.entries()) {
        const answer = await createSource(suite(), `Fuente ${index}`, connection, sql);
        expect(refused(answer), `${connection}: ${answer.status} ${answer.text}`).toBe(true);
        expect(powerBiError(answer), answer.text).toBeDefined();
        expect(powerBiError(answer)?.message).not.toMatch(internals);
      }
    });

    it('an embed token reaches its own report and its own save-as copies, no other', async () => {
      const { calls, content } = suite();
      const tokenOf = async (reportId: string) =>
        String(
          (await generateToken(suite(), reportId, { accessLevel: 'Edit', allowSaveAs: true }))
            .json?.['token'],
        );
      const t1 = await tokenOf(content.r1);
      const saved = await calls.bi(`/v1.0/embed/reports/${content.r1}/saveAs`, {
        method: 'POST',
        headers: { ...embedToken(t1), ...json },
        body: JSON.stringify({ name: 'R2 copia', definition: emptyReport }),
      });
      expect(saved.status, saved.text).toBe(200);
      const read = (token: string) =>
        calls.bi(`/v1.0/embed/reports/${String(saved.json?.['id'])}`, {
          headers: embedToken(token),
        });
      expect((await read(t1)).status).toBe(200);
      // The same principal's other tokens: a portal viewer's token for R1, and an Edit token for
      // R3 that may save as too.
      const viewerToken = String((await openReport(suite())).json?.['accessToken']);
      for (const other of [viewerToken, await tokenOf(content.r3)]) {
        const answer = await read(other);
        expect(answer.status, answer.text).toBe(403);
        expect(powerBiError(answer)).toBeDefined();
      }
    });

    leftoverUploadCases(suite);

    it("outsiders' failed token requests do not lock the portal out of the BI service", async () => {
      const { calls, content } = suite();
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
      const limited = statuses.filter((status) => status === 429).length;
      console.info(`[token flood] 50 outsider token requests, ${limited} answered 429`);
      // The flood reached the failure limit, for the outsider.
      expect(limited).toBeGreaterThan(0);
      const test = await calls.portal('POST', `/api/account/${content.accountId}/test`, {
        token: content.adminToken,
        body: {},
      });
      expect(test.json, test.text).toMatchObject({ ok: true });
      expect((await openReport(suite())).status).toBe(200);
    });

    hostileImportCases(suite);
    restartedBiCases(suite);
  },
);
