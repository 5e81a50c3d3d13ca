import { readFileSync } from 'node:fs';
import { freePort } from '@vitrina/test-support/processes';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from './bi-requests.ts';
import { principalToken } from './production-content.ts';
import { addresses, powerBiError } from './proxy-client.ts';
import {
  createSource,
  internals,
  openReport,
  expectNoTokenForPublishedDemo,
  refused,
  type ContextOf,
} from './suite-context.ts';

/** Restarts `vitrina-bi` (same ports, same data) with `extra` added to the environment file. */
function afterRestartWith(suite: ContextOf, extra: Record<string, string>) {
  beforeAll(() => suite().stack.restartBi(extra), 180_000);
}

/**
 * Switches an operator may add to the environment file: each group gets its own restart, so that
 * one refused at start cannot hide what the others do.
 */
export function restartedBiCases(suite: ContextOf): void {
  describe('with VITRINA_DEMO=true and an allow-list naming loopback (restarted BI service)', () => {
    // The allow-list as one whose source PostgreSQL runs on the same host would write it.
    afterRestartWith(suite, { VITRINA_DEMO: 'true', BI_SOURCE_ALLOWED_HOSTS: '127.0.0.1' });

    it('demo mode turned on explicitly in production does not take the published credentials', async () => {
      await expectNoTokenForPublishedDemo(suite());
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

  describe('with BI_TEST_FAULTS=true (restarted BI service)', () => {
    afterRestartWith(suite, { BI_TEST_FAULTS: 'true' });

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
  });
}
