import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealthy } from '@vitrina/test-support/processes';
import {
  demoCredentialsFileName,
  publishedDemoCredentials,
  type DemoCredentials,
} from '@vitrina/env/demo';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { createServices } from '../src/services.ts';
import { comercial, requestToken, servicePrincipal, powerBiScope } from './harness.ts';

/**
 * The shipped server started as a service manager starts it (`NODE_ENV` unset: production) with
 * no VITRINA_DEMO: no demo principals, and no published demo credential works (decision 0220).
 */
const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-production-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** Runs `check` against the shipped server started in production on `dataDir`. */
async function inProduction(dataDir: string, check: (url: string) => Promise<void>) {
  const [port, tlsPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    BI_PORT: String(port),
    BI_TLS_PORT: String(tlsPort),
  };
  delete env['NODE_ENV'];
  delete env['VITRINA_DEMO'];
  const child = spawn(process.execPath, [resolve(import.meta.dirname, '../src/server.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.once('exit', done));
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealthy(`${url}/health`, child, 60_000);
    await check(url);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return output;
}

const clientCredentials = (secret: string) => ({
  grant_type: 'client_credentials',
  client_id: servicePrincipal.clientId,
  client_secret: secret,
  scope: powerBiScope,
});
const password = (value: string) => ({
  grant_type: 'password',
  client_id: comercial.clientId,
  username: comercial.username,
  password: value,
  scope: powerBiScope,
});

describe('a production start of the shipped BI service', () => {
  it('has no demo principals and creates no demo credentials', async () => {
    const dataDir = join(dataRoot, 'fresh');
    await inProduction(dataDir, async (url) => {
      const secret = await requestToken(url, clientCredentials(servicePrincipal.secret));
      expect(secret.body['access_token']).toBeUndefined();
      expect(secret.body['error']).toBe('unauthorized_client');
    });
    expect(existsSync(join(dataDir, demoCredentialsFileName))).toBe(false);
  }, 70_000);

  it('takes the published credentials away from demo identities seeded before', async () => {
    // What a trial run, or an older version's production start, left in the same DATA_DIR.
    const dataDir = join(dataRoot, 'seeded');
    const earlier = createServices(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    await seedDemo(earlier, [], publishedDemoCredentials);
    await earlier.close();

    const file = join(dataDir, demoCredentialsFileName);
    const output = await inProduction(dataDir, async (url) => {
      const published = await requestToken(url, clientCredentials(servicePrincipal.secret));
      expect(published.body['access_token']).toBeUndefined();
      const user = await requestToken(url, password(comercial.password));
      expect(user.body['access_token']).toBeUndefined();

      // The installation's own, written under DATA_DIR for the operator, work instead.
      const own = JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
      const granted = await requestToken(url, clientCredentials(own.servicePrincipalSecret));
      expect(granted.body['access_token']).toEqual(expect.any(String));
      const signedIn = await requestToken(url, password(own.passwords[comercial.username]!));
      expect(signedIn.body['access_token']).toEqual(expect.any(String));
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Printed once, when the file was made.
    const own = JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
    expect(output).toContain(own.servicePrincipalSecret);
  }, 70_000);
});
