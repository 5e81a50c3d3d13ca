import { errorMessages } from '@vitrina/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from './helper.ts';

/** The double-submit anti-forgery rule of spec section 7 (dialect-independent). */
describe('anti-forgery cookie and header', () => {
  let context: TestApp;
  beforeAll(async () => {
    context = await buildTestApp('sqlite');
    await createUser(context.db, { username: 'lectora', password: 'Clave1234' });
  });
  afterAll(async () => context.close());

  const loginBody = JSON.stringify({ username: 'lectora', password: 'Clave1234' });
  const json = { 'content-type': 'application/json' };

  it('hands out the XSRF-TOKEN cookie on API GETs, readable by the SPA', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/public-config' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,}; Path=\/; SameSite=Strict$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('lets the very first login through without a cookie and sets one', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: json,
      payload: loginBody,
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
  });

  it('requires the header once the cookie exists, login included', async () => {
    const cases = [
      { cookie: 'XSRF-TOKEN=abc' },
      { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'otro' },
    ];
    for (const headers of cases) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/user/authenticate',
        headers: { ...json, ...headers },
        payload: loginBody,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'xsrf_mismatch',
        message: errorMessages.xsrfMismatch,
      });
    }
    const matching = await context.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { ...json, cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
      payload: loginBody,
    });
    expect(matching.statusCode).toBe(200);
  });

  it('refuses every other write without the pair, before authentication', async () => {
    for (const [method, url] of [
      ['PUT', '/api/user/changepassword'],
      ['DELETE', '/api/user/1'],
      ['POST', '/api/user/refreshtoken'],
    ] as const) {
      const response = await context.app.inject({ method, url, headers: json, payload: '{}' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('xsrf_mismatch');
    }
  });
});
