import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { startPortalProcess } from '@vitrina/test-support/processes';
import { burstUser } from './burst-user.ts';
import { portalRequest } from './portal-request.ts';

const adminPassword = 'Admin1234';

/**
 * The embedded shape (one process, SQLite in WAL mode) killed with SIGKILL during a burst of
 * writes: every write acknowledged with 2xx is in the file afterwards, whole.
 */
describe('kill -9 during writes on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-sqlite-kill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses no acknowledged write', async () => {
    const file = join(dir, 'vitrina.db');
    const portal = await startPortalProcess({
      env: {
        DATABASE_URL: `sqlite://${file}`,
        VITRINA_ADMIN_PASSWORD: adminPassword,
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      },
    });
    const login = await portalRequest(portal.url, 'POST', '/api/user/authenticate', {
      body: { username: 'admin', password: adminPassword },
    });
    const { token } = (await login.json()) as { token: string };

    const tried = 60;
    const acknowledged: string[] = [];
    let failed = 0;
    let sent = 0;
    const writer = async () => {
      while (sent < tried) {
        const username = `escritura${sent++}`;
        if (sent === tried / 2) portal.child.kill('SIGKILL');
        try {
          const answer = await portalRequest(portal.url, 'POST', '/api/user', {
            token,
            body: burstUser(username, 'Escritura'),
          });
          if (answer.status === 201) acknowledged.push(username);
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, () => writer()));
    expect(await portal.exited).toBe('SIGKILL');

    const { db } = openDatabase(`sqlite://${file}`);
    try {
      const stored = await db
        .selectFrom('users')
        .select(['username', 'firstname'])
        .where('username', 'like', 'escritura%')
        .execute();
      const names = new Set(stored.map((row) => row.username));
      const lost = acknowledged.filter((username) => !names.has(username));
      console.info(
        `[kill -9 on SQLite] tried ${tried}, acknowledged ${acknowledged.length}, failed ${failed}, lost ${lost.length}`,
      );
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(lost).toEqual([]);
      expect(stored.every((row) => row.firstname === 'Escritura')).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
