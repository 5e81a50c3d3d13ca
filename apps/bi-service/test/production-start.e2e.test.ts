import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startBiProcess } from '@vitrina/test-support/processes';
import {
  demoCredentialsFileName,
  publishedDemoCredentials,
  type DemoCredentials,
} from '@vitrina/env/demo';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { createServices } from '../src/services.ts';
import { comercial, requestToken, servicePrincipal, powerBiScope } from './harness.ts';

/**
 * The shipped server started as a service manager starts it (`NODE_ENV` unset: production) with
 * no VITRINA_DEMO: no demo principals, and no published demo credential works (decision 0220).
 */
const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-production-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** Runs `check` against the shipped server started in production on `dataDir`; returns its output. */
async function inProduction(dataDir: string, check: (url: string) => Promise<void>) {
  let output = '';
  const bi = await startBiProcess({
    // Unset, as a service manager starts it: production, with no VITRINA_DEMO, at the default log level.
    env: { NODE_ENV: undefined, VITRINA_DEMO: undefined, LOG_LEVEL: undefined },
    placement: { port: await freePort(), tlsPort: await freePort(), dataDir },
    onStdout: (chunk) => (output += chunk),
  });
  try {
    await check(bi.url);
  } finally {
    await bi.stop();
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
