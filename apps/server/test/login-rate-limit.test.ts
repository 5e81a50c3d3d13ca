import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callApi, createUser, loginAttempt, type TestApp } from './helper.ts';

const retryMessage =
  /^Demasiados intentos fallidos\. Intente nuevamente en \d+ (segundos?|minutos?) \(a las \d\d:\d\d UTC\)\.$/;

/** Per-address limits on login (in memory, so dialect-independent). */
describe('login limits per client address', () => {
  let context: TestApp;
  beforeAll(async () => {
    context = await buildTestApp('sqlite', {
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3', LOGIN_REQUEST_LIMIT_PER_MINUTE: '8' },
    });
    await createUser(context.db, { username: 'lectora', password: 'Clave1234' });
  });
  afterAll(async () => context.close());

  const attempt = (ip: string, username: string, password: string) =>
    loginAttempt(context.app, ip, { username, password });

  it('refuses an address after its failed attempts, saying when to retry', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt('10.0.0.1', `u${i}`, 'Mala1234')).statusCode).toBe(401);
    const limited = await attempt('10.0.0.1', 'lectora', 'Clave1234');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'too_many_requests',
      message: expect.stringMatching(retryMessage),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await attempt('10.0.0.2', 'nadie', 'Mala1234')).statusCode).toBe(401);
  });

  it('does not count successful logins as failures, but caps all attempts per address', async () => {
    for (let i = 0; i < 8; i++)
      expect((await attempt('10.0.0.3', 'lectora', 'Clave1234')).statusCode).toBe(200);
    const capped = await attempt('10.0.0.3', 'lectora', 'Clave1234');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(retryMessage);
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await callApi(context.app, { method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    }
  });
});
