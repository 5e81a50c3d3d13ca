import { describe, expect, it } from 'vitest';
import { useSeededApp } from '../fixtures.ts';
import { callApi, login, testDialects } from '../helper.ts';

/** A revoked session is refused on its very next request, access token included. */
describe.each(testDialects)('session revocation ($dialect)', ({ dialect, available }) => {
  const state = useSeededApp(dialect, available);

  const about = (token: string) =>
    callApi(state.context.app, { method: 'GET', url: '/api/infraestructure/about', token });
  const refresh = (token: string) =>
    callApi(state.context.app, { method: 'POST', url: '/api/user/refreshtoken', body: { token } });
  const asAdmin = (method: 'PUT' | 'DELETE', url: string, body?: unknown) =>
    callApi(state.context.app, {
      method,
      url,
      body,
      token: state.fixture.tokens.administrator,
    });
  const signIn = () =>
    login(state.context.app, state.fixture.viewer.username, state.fixture.viewer.password);

  it.skipIf(!available)(
    'a password change ends the other device’s session and keeps its own',
    async () => {
      const phone = await signIn();
      const laptop = await signIn();
      const change = await callApi(state.context.app, {
        method: 'PUT',
        url: '/api/user/changepassword',
        token: laptop.token,
        body: { password: 'Nueva1234' },
      });
      expect(change.statusCode).toBe(200);
      expect(change.headers['cache-control']).toBe('no-store');

      expect((await about(phone.token)).statusCode).toBe(401);
      expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
      expect((await about(laptop.token)).statusCode).toBe(200);
      expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);

      const audit = await state.context.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('action', '=', 'user.password_changed')
        .execute();
      expect(audit).toEqual([
        { action: 'user.password_changed', actor_id: state.fixture.viewer.id },
      ]);
    },
  );

  it.skipIf(!available)('a logged-out access token is refused on the next request', async () => {
    const session = await signIn();
    expect((await about(session.token)).statusCode).toBe(200);
    const logout = await callApi(state.context.app, {
      method: 'POST',
      url: '/api/user/logout',
      body: { token: session.refreshToken },
    });
    expect(logout.json()).toEqual({ revoked: true });
    expect((await about(session.token)).statusCode).toBe(401);
  });

  it.skipIf(!available)(
    'reuse of a refresh token kills the access tokens of its family',
    async () => {
      const first = await signIn();
      const rotated = (await refresh(first.refreshToken)).json();
      expect((await about(rotated.token)).statusCode).toBe(200);
      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
      expect((await about(rotated.token)).statusCode).toBe(401);
      expect((await about(first.token)).statusCode).toBe(401);
    },
  );

  it.skipIf(!available)('an administrator’s reset refuses the user’s access tokens', async () => {
    const session = await signIn();
    expect((await about(session.token)).statusCode).toBe(200);
    const reset = await asAdmin('PUT', '/api/user/reset', { id: state.fixture.viewer.id });
    expect(reset.statusCode).toBe(200);
    expect((await about(session.token)).statusCode).toBe(401);
    expect((await about(state.fixture.tokens.viewer)).statusCode).toBe(401);
  });

  it.skipIf(!available)('a role change ends the user’s sessions; other edits do not', async () => {
    const session = await signIn();
    const edit = { id: state.fixture.viewer.id, firstname: 'A', lastname: 'B', mail: 'a@b.co' };
    expect((await asAdmin('PUT', '/api/user', { ...edit, rol: 1 })).statusCode).toBe(200);
    expect((await about(session.token)).statusCode).toBe(200);
    expect((await asAdmin('PUT', '/api/user', { ...edit, rol: 0 })).statusCode).toBe(200);
    expect((await about(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    // Signed in again, the user has the new role at once.
    const again = await signIn();
    const users = await callApi(state.context.app, {
      method: 'GET',
      url: '/api/user',
      token: again.token,
    });
    expect(users.statusCode).toBe(200);
  });

  it.skipIf(!available)('deleting a user refuses their access tokens', async () => {
    const session = await signIn();
    expect((await about(session.token)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/user/${state.fixture.viewer.id}`)).statusCode).toBe(204);
    expect((await about(session.token)).statusCode).toBe(401);
  });

  it.skipIf(!available)('answers about sessions are never cached', async () => {
    const authenticate = await callApi(state.context.app, {
      method: 'POST',
      url: '/api/user/authenticate',
      body: { username: state.fixture.viewer.username, password: state.fixture.viewer.password },
    });
    const wrong = await callApi(state.context.app, {
      method: 'POST',
      url: '/api/user/authenticate',
      body: { username: state.fixture.viewer.username, password: 'Mala1234' },
    });
    const rotated = await refresh(authenticate.json().refreshToken);
    const logout = await callApi(state.context.app, {
      method: 'POST',
      url: '/api/user/logout',
      body: { token: rotated.json().refreshToken },
    });
    for (const answer of [authenticate, wrong, rotated, logout])
      expect(answer.headers['cache-control']).toBe('no-store');
    expect(wrong.statusCode).toBe(401);
  });
});
