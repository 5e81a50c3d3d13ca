import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from './helper.ts';

const serverDir = resolve(import.meta.dirname, '..');

/** The real entry points as operators run them: server.ts on a free port, and the admin CLI. */
describe.each(testDialects)('server process and admin CLI ($dialect)', ({ dialect, available }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-process-'));
  let database: TestDatabase | undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite://${join(dataDir, 'vitrina.db')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    VITRINA_DEMO: 'false',
    VITRINA_ADMIN_PASSWORD: '',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  };
  let server: ChildProcess;
  let output = '';
  let baseUrl = '';

  beforeAll(async () => {
    if (!available) return;
    if (dialect === 'postgres') {
      database = await createTestDatabase('postgres');
      env['DATABASE_URL'] = database.url;
    }
    server = spawn(process.execPath, [join(serverDir, 'main.ts')], { env, stdio: 'pipe' });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 30_000;
    while (!baseUrl && Date.now() < deadline) {
      baseUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
      await new Promise((done) => setTimeout(done, 50));
    }
    if (!baseUrl) throw new Error(`server did not start:\n${output}`);
  }, 40_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Login over real HTTP the way the SPA does: cookie from a GET, then the double submit. */
  async function loginOverHttp(username: string, password: string) {
    const config = await fetch(`${baseUrl}/api/public-config`);
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(config.headers.get('set-cookie') ?? '')?.[1] ?? '';
    return fetch(`${baseUrl}/api/user/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${cookie}`,
        'x-xsrf-token': cookie,
      },
      body: JSON.stringify({ username, password }),
    });
  }

  it.skipIf(!available)(
    'prints the generated first administrator password once and accepts it',
    async () => {
      const password = /Contraseña:\s+(\w+)/.exec(output)?.[1];
      expect(password).toBeDefined();
      const response = await loginOverHttp('admin', password ?? '');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ username: 'admin', rol: 0 });
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    },
  );

  it.skipIf(!available)('creates an administrator from the CLI while the server runs', async () => {
    const cli = spawnSync(
      process.execPath,
      [join(serverDir, 'src/cli/admin.ts'), 'create', 'operadora'],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(cli.status).toBe(0);
    const password = /Contraseña:\s+(\w+)/.exec(cli.stdout)?.[1] ?? '';
    expect((await loginOverHttp('operadora', password)).status).toBe(200);
    const usage = spawnSync(process.execPath, [join(serverDir, 'src/cli/admin.ts')], {
      env,
      encoding: 'utf8',
    });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Uso: npm run admin');
  });

  it.skipIf(!available)('shuts down gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
