import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callApi, type TestApp } from './helper.ts';

/** Per-IP limit on login attempts (in memory, so dialect-independent). */
describe('login rate limit per client address', () => {
  let context: TestApp;
  beforeAll(async () => {
    context = await buildTestApp('sqlite', { env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => context.close());

  const attempt = (ip: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: `u${ip}`, password: 'Clave1234' }),
    });

  it('refuses the attempt after the limit with a Spanish message saying when to retry', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'too_many_requests',
      message: expect.stringMatching(
        /^Demasiados intentos fallidos\. Intente nuevamente en \d+ (segundos?|minutos?) \(a las \d\d:\d\d UTC\)\.$/,
      ),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await attempt('10.0.0.2')).statusCode).toBe(401);
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await callApi(context.app, { method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    }
  });
});
