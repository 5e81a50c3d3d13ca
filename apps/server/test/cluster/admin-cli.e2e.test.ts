import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, postgresAvailable } from '../helper.ts';
import { nextRemote } from './cluster-apps.ts';
import { redisAvailable } from './redis-server.ts';
import { useSeededCluster } from './seeded-cluster.ts';

const adminCli = resolve(import.meta.dirname, '../../src/cli/admin.ts');
const run = promisify(execFile);

/**
 * The admin CLI writes to the database directly; a running instance that caches the user's
 * sessions must learn of it through the invalidation bus (decision 0196), over Redis and
 * PostgreSQL or over PostgreSQL NOTIFY alone.
 */
const variants = [
  { channel: 'Redis and PostgreSQL', available: postgresAvailable && redisAvailable, redis: true },
  { channel: 'PostgreSQL NOTIFY', available: postgresAvailable, redis: false },
];

describe.each(variants)(
  'admin CLI reaches running instances ($channel)',
  ({ available, redis }) => {
    const setup = useSeededCluster(1, { redis, available });
    const cliDataDir = mkdtempSync(join(tmpdir(), 'vitrina-cli-'));
    afterAll(() => rmSync(cliDataDir, { recursive: true, force: true }));

    const openAs = async (token: string) =>
      (
        await callApi(setup.apps[0]!, {
          method: 'GET',
          url: `/api/viewer/report/${setup.fixture.report.uid}`,
          token,
        })
      ).statusCode;

    /**
     * Caches the user's session on the instance, resets their password from the CLI, and expects
     * the instance to hear of it within 1 s and refuse the old token. Returns the CLI's stderr.
     */
    async function resetFromCli(user: { id: number; username: string }, token: string) {
      // The session is now cached (502: granted, no BI service here; 403: not granted); without
      // a message the instance would keep honouring it for the cache's lifetime (60 s).
      expect(await openAs(token)).not.toBe(401);
      const arrived = nextRemote(setup.apps[0]!, 'user');
      const cli = await run(process.execPath, [adminCli, 'reset-password', user.username], {
        env: { ...process.env, ...setup.cluster.env, DATA_DIR: cliDataDir, LOG_LEVEL: 'warn' },
      });
      expect(cli.stdout).toContain('Contraseña reseteada');
      const exitedAt = Date.now();
      const inTime = await Promise.race([
        arrived,
        new Promise<undefined>((done) => setTimeout(() => done(undefined), 1000)),
      ]);
      expect(inTime).toEqual({ kind: 'user', userId: user.id });
      console.info(
        `CLI reset announced (${redis ? 'Redis' : 'NOTIFY'}): arrived ≤ ${Date.now() - exitedAt} ms after the CLI exited`,
      );
      expect(await openAs(token)).toBe(401);
      return cli.stderr;
    }

    it.skipIf(!available)(
      'a password reset from the CLI ends the sessions the instance had cached, within 1 s',
      async () => {
        await resetFromCli(setup.fixture.viewer, setup.fixture.tokens.viewer);
      },
    );

    // Only the variant with Redis has a Redis to take down.
    if (redis) {
      it.skipIf(!available)(
        'with Redis down the CLI warns and PostgreSQL still carries the reset',
        async () => {
          await setup.redis!.stop();
          const stderr = await resetFromCli(
            setup.fixture.otherViewer,
            setup.fixture.tokens.otherViewer,
          );
          expect(stderr).toContain('Aviso: Redis not reachable');
        },
        30_000,
      );
    }
  },
);
