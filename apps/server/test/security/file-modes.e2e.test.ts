import { spawn } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { loadKey } from '../../src/lib/secrets.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const root = mkdtempSync(join(tmpdir(), 'vitrina-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Password hashes, keys and mailed temporary passwords are readable by the service only. */
describe('file modes of the data directory', () => {
  it('creates the database, its WAL files, keys and mails private, whatever the umask', async () => {
    const dataDir = join(root, 'in-process');
    const previous = process.umask(0o022);
    try {
      const { db } = openDatabase(`sqlite://${join(dataDir, 'vitrina.db')}`);
      await migrateToLatest(db, 'sqlite');
      await sql`select count(*) from users`.execute(db);
      for (const file of ['vitrina.db', 'vitrina.db-wal', 'vitrina.db-shm'])
        expect(modeOf(join(dataDir, file)).toString(8), file).toBe('600');
      expect(modeOf(dataDir).toString(8)).toBe('700');
      await db.destroy();

      loadKey(dataDir, 'jwt', undefined);
      expect(modeOf(join(dataDir, 'keys')).toString(8)).toBe('700');
      expect(modeOf(join(dataDir, 'keys/jwt.key')).toString(8)).toBe('600');

      const outbox = join(dataDir, 'outbox');
      await createMailer({ from: 'a@b.co', outboxDir: outbox }).send({
        to: 'c@d.co',
        subject: 'Contraseña temporal',
        text: 'secreta',
      });
      expect(modeOf(outbox).toString(8)).toBe('700');
      for (const mail of readdirSync(outbox))
        expect(modeOf(join(outbox, mail)).toString(8)).toBe('600');
    } finally {
      process.umask(previous);
    }
  });

  /** Starts the server entry on `dataDir`, runs `check` once it listens, then stops it. */
  async function whileServerRuns(dataDir: string, check: () => void) {
    const server = spawn(process.execPath, [resolve(import.meta.dirname, '../../main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        VITRINA_DEMO: 'false',
        VITRINA_ADMIN_PASSWORD: '',
        JWT_SECRET: '',
        ACCOUNT_SECRET_KEY: '',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        WEB_DIST_DIR: join(root, 'no-web-build'),
      },
      stdio: 'pipe',
    });
    try {
      let output = '';
      await new Promise<void>((done, fail) => {
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Server listening')) done();
        };
        server.stdout.on('data', read);
        server.stderr.on('data', read);
        server.once('exit', (code) => fail(new Error(`server exited (${code}): ${output}`)));
      });
      check();
    } finally {
      server.kill('SIGTERM');
    }
  }

  it('the server entry creates DATA_DIR 0700 and its files 0600', async () => {
    const dataDir = join(root, 'process', 'data');
    await whileServerRuns(dataDir, () => {
      expect(modeOf(dataDir).toString(8)).toBe('700');
      const files = ['vitrina.db', 'vitrina.db-wal', 'keys/jwt.key', 'keys/accounts.key'];
      for (const file of files) expect(modeOf(join(dataDir, file)).toString(8), file).toBe('600');
      expect(modeOf(join(dataDir, 'keys')).toString(8)).toBe('700');
    });
  });

  it('the server entry tightens an existing DATA_DIR left readable by others', async () => {
    const dataDir = join(root, 'existing', 'data');
    const dirs = ['', 'keys', 'outbox', 'bi', 'bi/keys'];
    const files = ['keys/jwt.key', 'outbox/temporal.eml', 'bi/keys/embed-token.key', 'notas.txt'];
    for (const dir of dirs) mkdirSync(join(dataDir, dir), { recursive: true });
    for (const file of files) writeFileSync(join(dataDir, file), 'ab'.repeat(32));
    // As a restore with a loose umask, or an older version, would leave it.
    for (const dir of dirs) chmodSync(join(dataDir, dir), 0o755);
    for (const file of files) chmodSync(join(dataDir, file), 0o644);

    await whileServerRuns(dataDir, () => {
      for (const dir of dirs) expect(modeOf(join(dataDir, dir)).toString(8), dir).toBe('700');
      for (const file of [...files, 'vitrina.db'])
        expect(modeOf(join(dataDir, file)).toString(8), file).toBe('600');
    });
  });
});
