import { errorMessages } from '@vitrina/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import {
  buildTestApp,
  callApi,
  createUser,
  login,
  resetDatabase,
  testDialects,
  type CreatedUser,
  type TestApp,
} from './helper.ts';

describe.each(testDialects)('authentication and sessions ($dialect)', ({ dialect, available }) => {
  const clock = manualClock();
  let context: TestApp;
  let viewer: CreatedUser;

  beforeAll(async () => {
    if (!available) return;
    context = await buildTestApp(dialect, {
      clock,
      env: {
        LOGIN_MAX_FAILURES: '3',
        LOGIN_LOCKOUT_MINUTES: '10',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
  });
  afterAll(async () => context?.close());
  beforeEach(async () => {
    if (!available) return;
    await resetDatabase(context.db);
    viewer = await createUser(context.db, { username: 'lectora', password: 'Clave1234', rol: 1 });
  });

  const authenticate = (username: string, password: string) =>
    callApi(context.app, {
      method: 'POST',
      url: '/api/user/authenticate',
      body: { username, password },
    });
  const refresh = (token: string) =>
    callApi(context.app, { method: 'POST', url: '/api/user/refreshtoken', body: { token } });

  it.skipIf(!available)(
    'returns the user fields with an access token and a refresh token',
    async () => {
      const response = await authenticate('lectora', 'Clave1234');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        id: viewer.id,
        username: 'lectora',
        rol: 1,
        mail: expect.any(String),
      });
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.refreshToken).toEqual(expect.any(String));
      expect(body).not.toHaveProperty('password_hash');
      expect(response.headers['set-cookie']).toMatch(/XSRF-TOKEN=/);
      const about = await callApi(context.app, {
        method: 'GET',
        url: '/api/infraestructure/about',
        token: body.token,
      });
      expect(about.statusCode).toBe(200);
    },
  );

  it.skipIf(!available)(
    'answers a wrong password or an unknown user with the same Spanish 401',
    async () => {
      for (const [username, password] of [
        ['lectora', 'Mala1234'],
        ['nadie', 'Clave1234'],
      ] as const) {
        const response = await authenticate(username, password);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          code: 'invalid_credentials',
          message: errorMessages.invalidCredentials,
        });
      }
      const audit = await context.db.selectFrom('audit_log').select('action').execute();
      expect(audit.map((row) => row.action)).toEqual(['login.failed', 'login.failed']);
    },
  );

  it.skipIf(!available)(
    'locks the username after repeated failures and says when to retry',
    async () => {
      expect((await authenticate('lectora', 'Mala1234')).statusCode).toBe(401);
      expect((await authenticate('lectora', 'Mala1234')).statusCode).toBe(401);
      const locking = await authenticate('lectora', 'Mala1234');
      expect(locking.statusCode).toBe(429);
      expect(locking.json().message).toMatch(
        /Intente nuevamente en 10 minutos \(a las \d\d:\d\d UTC\)/,
      );
      expect(locking.headers['retry-after']).toBe('600');

      // Even the right password is refused while locked.
      const locked = await authenticate('lectora', 'Clave1234');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('too_many_requests');

      clock.advance(10 * 60_000 + 1000);
      expect((await authenticate('lectora', 'Clave1234')).statusCode).toBe(200);
    },
  );

  it.skipIf(!available)('rotates the refresh token on every use', async () => {
    const first = await login(context.app, 'lectora', 'Clave1234');
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body).toMatchObject({ id: viewer.id, username: 'lectora' });
    expect(body.refreshToken).not.toBe(first.refreshToken);
    const third = await refresh(body.refreshToken);
    expect(third.statusCode).toBe(200);
  });

  it.skipIf(!available)(
    'revokes the whole family when a spent refresh token is reused',
    async () => {
      const first = await login(context.app, 'lectora', 'Clave1234');
      const rotated = (await refresh(first.refreshToken)).json();
      const reuse = await refresh(first.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().message).toBe(errorMessages.refreshTokenReused);
      // The legitimate holder's newer token died with the family.
      const afterReuse = await refresh(rotated.refreshToken);
      expect(afterReuse.statusCode).toBe(401);
      // Another login (another family) is unaffected.
      const other = await login(context.app, 'lectora', 'Clave1234');
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
      const actions = await context.db.selectFrom('audit_log').select('action').execute();
      expect(actions.map((row) => row.action)).toContain('token.reuse_detected');
    },
  );

  it.skipIf(!available)('refuses unknown and expired refresh tokens', async () => {
    const unknown = await refresh('no-es-un-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(errorMessages.refreshTokenInvalid);
    const session = await login(context.app, 'lectora', 'Clave1234');
    clock.advance(15 * 24 * 60 * 60_000);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it.skipIf(!available)('expires access tokens after their lifetime', async () => {
    const session = await login(context.app, 'lectora', 'Clave1234');
    const call = () =>
      callApi(context.app, {
        method: 'GET',
        url: '/api/infraestructure/about',
        token: session.token,
      });
    expect((await call()).statusCode).toBe(200);
    clock.advance(16 * 60_000);
    const expired = await call();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 'unauthorized', message: errorMessages.unauthorized });
  });

  it.skipIf(!available)('logout revokes the refresh token', async () => {
    const session = await login(context.app, 'lectora', 'Clave1234');
    const logout = await callApi(context.app, {
      method: 'POST',
      url: '/api/user/logout',
      body: { token: session.refreshToken },
    });
    expect(logout.json()).toEqual({ revoked: true });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it.skipIf(!available)('rejects a forged or foreign access token', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const response = await callApi(context.app, { method: 'GET', url: '/api/user', token: forged });
    expect(response.statusCode).toBe(401);
  });
});
