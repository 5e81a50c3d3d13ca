import { readFileSync } from 'node:fs';
import { freePort } from '@vitrina/e2e/stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, tokenPath } from './bi-requests.ts';
import { principalToken } from './production-content.ts';
import { addresses, powerBiError } from './proxy-client.ts';
import {
  createSource,
  internals,
  openReport,
  publishedDemoAttempts,
  refused,
  type ContextOf,
} from './suite-context.ts';

/**
 * The operator adds three lines to the environment file and restarts `vitrina-bi` (same ports,
 * same data): VITRINA_DEMO=true, BI_TEST_FAULTS=true, and BI_SOURCE_ALLOWED_HOSTS naming
 * loopback, as one whose source PostgreSQL runs on the same host would write it. One restart
 * for the three keeps the suite short; each case looks at its own switch.
 */
export function restartedBiCases(suite: ContextOf): void {
  describe('after the operator adds switches to the environment file and restarts the BI service', () => {
    beforeAll(async () => {
      await suite().stack.restartBi({
        VITRINA_DEMO: 'true',
        BI_TEST_FAULTS: 'true',
        BI_SOURCE_ALLOWED_HOSTS: '127.0.0.1',
      });
    }, 180_000);

    it('/_test/faults does not exist in the shipped server: 404, and every route keeps working', async () => {
      const { calls, content } = suite();
      const fault = await calls.bi('/_test/faults', {
        method: 'PUT',
        from: addresses.outsider,
        headers: json,
        body: JSON.stringify([{ path: '/', status: 503 }]),
      });
      expect(fault.status).toBe(404);
      expect((await calls.bi('/health', { from: addresses.outsider })).status).toBe(200);
      expect(await principalToken(calls, content.portalPrincipal)).toBeTruthy();
      expect((await openReport(suite())).status).toBe(200);
    });

    it('demo mode turned on explicitly in production does not take the published credentials', async () => {
      for (const attempt of publishedDemoAttempts) {
        const answer = await suite().calls.bi(tokenPath, {
          method: 'POST',
          from: addresses.outsider,
          ...attempt,
        });
        expect(answer.status, answer.text).not.toBe(200);
        expect(answer.json?.['access_token']).toBeUndefined();
      }
    });

    it('a connection that fails on an allow-listed host says so without addresses or ports', async () => {
      const closed = `postgresql://postgres@127.0.0.1:${await freePort()}/nada`;
      const answer = await createSource(suite(), 'Puerto cerrado', closed, 'select 1 as uno');
      expect(refused(answer), `${answer.status} ${answer.text}`).toBe(true);
      expect(powerBiError(answer), answer.text).toBeDefined();
      expect(powerBiError(answer)?.message).not.toMatch(internals);
    });

    it("an allow-listed source still cannot read the database server's files", async () => {
      const answer = await createSource(
        suite(),
        'Archivo del servidor',
        'postgresql://postgres@127.0.0.1:5432/test',
        "select pg_read_file('/etc/hostname') as contenido",
      );
      expect(refused(answer), `${answer.status} ${answer.text}`).toBe(true);
      expect(powerBiError(answer), answer.text).toBeDefined();
      expect(answer.text).not.toContain(readFileSync('/etc/hostname', 'utf8').trim());
    });
  });
}
