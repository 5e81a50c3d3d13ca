import { describe, expect, it } from 'vitest';
import type { SessionInvalidation } from '../../src/lib/sessions.ts';
import { useSeededApp } from '../fixtures.ts';
import { callApi, login, testDialects } from '../helper.ts';

/**
 * The session check reads the database once per session, not once per request, and forgets what
 * an invalidation names; the invalidation hook is what a multi-instance deployment broadcasts.
 */
describe.each(testDialects)('session cache ($dialect)', ({ dialect, available }) => {
  const state = useSeededApp(dialect, available);
  const about = (token: string) =>
    callApi(state.context.app, { method: 'GET', url: '/api/infraestructure/about', token });

  it.skipIf(!available)('serves a known session from memory until invalidated', async () => {
    const session = await login(state.context.app, 'lectora', state.fixture.viewer.password);
    expect((await about(session.token)).statusCode).toBe(200);
    // Revoked behind the cache's back (as another process would): still served from memory …
    await state.context.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', state.fixture.viewer.id)
      .execute();
    expect((await about(session.token)).statusCode).toBe(200);
    // … until a peer's invalidation arrives.
    state.context.app.sessions.applyRemote({ kind: 'user', userId: state.fixture.viewer.id });
    expect((await about(session.token)).statusCode).toBe(401);
  });

  it.skipIf(!available)('does not keep what a read racing an invalidation saw', async () => {
    const session = await login(state.context.app, 'lectora', state.fixture.viewer.password);
    const claims = await state.context.app.context.accessTokens.verify(session.token);
    if (!claims) throw new Error('the token of a fresh login must verify');
    const sessions = state.context.app.sessions;
    // The read starts, then the session is invalidated before the read has answered.
    const racing = sessions.resolve(claims);
    sessions.invalidate({ kind: 'session', sessionId: claims.sessionId });
    expect((await racing)?.id).toBe(state.fixture.viewer.id);
    // Revoked behind the cache's back: only a fresh read can tell, and it must happen.
    await state.context.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('family_id', '=', claims.sessionId)
      .execute();
    expect(await sessions.resolve(claims)).toBeNull();
  });

  it.skipIf(!available)('tells listeners what it invalidated, for other instances', async () => {
    const heard: SessionInvalidation[] = [];
    const stop = state.context.app.sessions.onInvalidate((event) => heard.push(event));
    try {
      const session = await login(state.context.app, 'lectora', state.fixture.viewer.password);
      await callApi(state.context.app, {
        method: 'POST',
        url: '/api/user/logout',
        body: { token: session.refreshToken },
      });
      await callApi(state.context.app, {
        method: 'PUT',
        url: '/api/user/reset',
        token: state.fixture.tokens.administrator,
        body: { id: state.fixture.otherViewer.id },
      });
      expect(heard).toEqual([
        { kind: 'session', sessionId: expect.any(String) },
        { kind: 'user', userId: state.fixture.otherViewer.id },
      ]);
    } finally {
      stop();
    }
  });
});
