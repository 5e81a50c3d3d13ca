import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DialectName } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createAuditLog } from '../src/lib/audit.ts';
import { systemClock } from '../src/lib/clock.ts';
import { actor, entry, ids } from './audit-entries.ts';
import { useSuiteDatabase } from './fixtures.ts';
import { createTestDatabase, resetDatabase, testDialects } from './helper.ts';

const adminCli = resolve(import.meta.dirname, '../src/cli/admin.ts');
const run = promisify(execFile);

/** A database another process can open: a SQLite file under DATA_DIR, or a PostgreSQL one. */
async function sharedDatabase(dialect: DialectName) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-audit-'));
  if (dialect === 'postgres') {
    const database = await createTestDatabase('postgres');
    return {
      db: database.db,
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      async drop() {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { db } = openDatabase(join(dataDir, 'vitrina.db'));
  await migrateToLatest(db, 'sqlite');
  return {
    db,
    env: { DATA_DIR: dataDir },
    async drop() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `npm run admin -- audit verify`; answers its exit code and output. */
async function verifyFromCli(env: Record<string, string | undefined>) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  try {
    const done = await run(process.execPath, [adminCli, 'audit', 'verify'], {
      env: { ...inherited, ...env, LOG_LEVEL: 'warn' },
    });
    return { code: 0, output: done.stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

/**
 * `npm run admin -- audit verify` on the audit chain (its in-process checks are in
 * audit-chain.test.ts): e2e, since it starts the CLI as a process.
 */
for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`the audit chain from the CLI (${dialect})`, () => {
    const shared = useSuiteDatabase(() => sharedDatabase(dialect));

    it('verifies a sound chain, and names the entry someone altered', async () => {
      const { db } = shared();
      await resetDatabase(db);
      const audit = createAuditLog(systemClock);
      await audit.record(db, actor, entry('login.succeeded'));
      await audit.record(
        db,
        actor,
        entry('user.updated', { before: { rol: 1 }, after: { rol: 0 } }),
      );
      await audit.record(db, actor, entry('login.refused'));
      await audit.record(db, actor, entry('account.update'));
      expect(await verifyFromCli(shared().env)).toMatchObject({ code: 0 });

      const [altered] = await ids(db, 'user.updated');
      await db
        .updateTable('audit_log')
        .set({ detail: JSON.stringify({ before: { rol: 1 }, after: { rol: 1 } }) })
        .where('id', '=', altered!)
        .execute();
      const verdict = await verifyFromCli(shared().env);
      expect(verdict.code).toBe(1);
      expect(verdict.output).toContain(`la entrada ${altered} `);
    });
  });
}
