import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, loginAttempt, testEnvironment, type TestApp } from './helper.ts';

/** The defaults: 20 failed logins per address per minute, the 21st answers 429. */
const failuresAllowed = 20;

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  let context: TestApp;
  beforeAll(async () => {
    context = await buildTestApp('sqlite', { env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => context.close());

  const failedLogin = (peer: string, forwardedFor?: string, username = 'nadie') =>
    loginAttempt(
      context.app,
      peer,
      { username, password: 'Mala1234' },
      forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    );

  /** The address the audit log wrote down for one failed login. */
  let attempts = 0;
  async function addressSeen(peer: string, forwardedFor?: string): Promise<string | null> {
    const username = `intento${++attempts}`;
    expect((await failedLogin(peer, forwardedFor, username)).statusCode).toBe(401);
    const row = await context.db
      .selectFrom('audit_log')
      .select('ip')
      .where('actor_username', '=', username)
      .executeTakeFirstOrThrow();
    return row.ip;
  }

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    expect(await addressSeen('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('takes the client that the proxy forwards for', async () => {
    expect(await addressSeen('127.0.0.1', '198.51.100.2')).toBe('198.51.100.2');
    // Only the proxy's own entry counts: what the client wrote before it is not believed.
    expect(await addressSeen('127.0.0.1', '10.9.9.9, 198.51.100.3')).toBe('198.51.100.3');
  });

  it('limits failed logins from one peer however it varies X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++)
      statuses.push((await failedLogin('203.0.113.8', `192.0.2.${i + 1}`)).statusCode);
    expect(statuses.slice(0, failuresAllowed).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(failuresAllowed).every((status) => status === 429)).toBe(true);
  });

  it('counts each client behind the proxy on its own', async () => {
    for (let i = 0; i < failuresAllowed; i++)
      expect((await failedLogin('127.0.0.1', '198.51.100.20')).statusCode).toBe(401);
    expect((await failedLogin('127.0.0.1', '198.51.100.20')).statusCode).toBe(429);
    expect((await failedLogin('127.0.0.1', '198.51.100.21')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY and HOST in the configuration', () => {
  const configWith = (env: Record<string, string>) => loadConfig(testEnvironment('unused', env));

  it('refuses true, saying to list the proxy addresses', () => {
    expect(() => configWith({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: list the proxy's addresses/,
    );
    expect(() => configWith({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });

  it('listens on loopback behind a proxy, on every interface otherwise, as HOST says first', () => {
    expect(configWith({ TRUST_PROXY: '127.0.0.1' })).toMatchObject({
      host: '127.0.0.1',
      trustProxy: ['127.0.0.1'],
    });
    expect(configWith({})).toMatchObject({ host: '0.0.0.0', trustProxy: false });
    expect(configWith({ TRUST_PROXY: '10.0.0.0/8', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});
