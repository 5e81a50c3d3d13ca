import { describe, expect, it } from 'vitest';
import { recordApi, type Handler } from '../../test/api-mock.ts';
import { createApiClient } from './api-client.ts';
import { sendWithProgress } from './upload-request.ts';
import type { CurrentUser } from './models.ts';

const baseUser: CurrentUser = {
  id: 7,
  username: 'ana',
  firstname: 'Ana',
  lastname: 'Pérez',
  mail: 'ana@example.com',
  rol: 1,
  token: 'old-token',
  refreshToken: 'refresh-1',
};

/** A client whose calls MSW answers with `handler`, with the session kept in a plain variable. */
function setup(handler: Handler, xsrf: string | null = 'xsrf-value') {
  const server = recordApi(handler);
  const session = { user: { ...baseUser } as CurrentUser, expired: 0 };
  const client = createApiClient({
    // The page's own origin: the upload's XMLHttpRequest is held to the same-origin rule.
    baseUrl: () => new URL('/api/', window.location.href).href,
    fetch: (input, init) => fetch(input, init),
    sendWithProgress,
    getUser: () => session.user,
    setUser: (user) => {
      session.user = user;
    },
    onSessionExpired: () => {
      session.expired += 1;
    },
    readXsrfToken: () => xsrf,
  });
  return { client, server, session };
}

/** Accepts only the new token; the refresh endpoint swaps refresh-1 for a new pair. */
const refreshingApi: Handler = async ({ path, headers, body }) => {
  if (path === '/api/user/refreshtoken') {
    await new Promise((resolve) => setTimeout(resolve, 30));
    const token = (body as { token: string }).token;
    return token === 'refresh-1'
      ? { status: 200, body: { ...baseUser, token: 'new-token', refreshToken: 'refresh-2' } }
      : {
          status: 401,
          body: { code: 'unauthorized', message: 'La sesión expiró. Ingrese nuevamente.' },
        };
  }
  if (headers.authorization !== 'Bearer new-token') {
    return { status: 401, body: { code: 'unauthorized', message: 'Token vencido' } };
  }
  return { status: 200, body: { path } };
};

describe('api client', () => {
  it('sends the bearer token, and the anti-forgery header only on non-GET calls', async () => {
    const { client, server } = setup(() => ({ status: 200, body: { ok: true } }));
    await client.request('GET', 'user');
    await client.request('PUT', 'user', { body: { id: 1 } });
    const [get, put] = server.requests;
    expect(get?.headers.authorization).toBe('Bearer old-token');
    expect(get?.headers['x-xsrf-token']).toBeUndefined();
    expect(put?.headers['x-xsrf-token']).toBe('xsrf-value');
    expect(put?.body).toEqual({ id: 1 });
  });

  it('refreshes once for concurrent 401s, replays every request and stores the refreshed user', async () => {
    const { client, server, session } = setup(refreshingApi);
    const results = await Promise.all([
      client.request<{ path: string }>('GET', 'account/7'),
      client.request<{ path: string }>('GET', 'user'),
      client.request<{ path: string }>('POST', 'favorite', { body: { reportId: 'r1', userId: 7 } }),
    ]);
    expect(results.map((r) => r.path)).toEqual(['/api/account/7', '/api/user', '/api/favorite']);
    expect(server.requests.filter((r) => r.path === '/api/user/refreshtoken')).toHaveLength(1);
    expect(session.user.token).toBe('new-token');
    expect(session.user.refreshToken).toBe('refresh-2');
    expect(session.expired).toBe(0);
  });

  it('holds requests started during a refresh until the new token arrives', async () => {
    let refreshStarted!: () => void;
    const started = new Promise<void>((resolve) => (refreshStarted = resolve));
    let releaseRefresh!: () => void;
    const released = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { client, server } = setup(async (request) => {
      if (request.path === '/api/user/refreshtoken') {
        refreshStarted();
        await released;
      }
      return refreshingApi(request);
    });
    const first = client.request('GET', 'user');
    await started; // the refresh is now running
    const second = client.request<{ path: string }>('GET', 'account/7');
    releaseRefresh();
    await first;
    expect((await second).path).toBe('/api/account/7');
    const accountCalls = server.requests.filter((r) => r.path === '/api/account/7');
    expect(accountCalls.map((r) => r.headers.authorization)).toEqual(['Bearer new-token']);
  });

  it('goes to the root once when the refresh fails, and rejects with the server message', async () => {
    const { client, session } = setup(refreshingApi);
    session.user = { ...baseUser, refreshToken: 'revoked' };
    const calls = [client.request('GET', 'user'), client.request('GET', 'account/7')];
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect((outcomes[0] as PromiseRejectedResult).reason.message).toBe(
      'La sesión expiró. Ingrese nuevamente.',
    );
    expect(session.expired).toBe(1);
  });

  it('uploads a file as the raw body with both headers, reporting progress, and replays it after a refresh', async () => {
    const { client, server, session } = setup(refreshingApi);
    const percents: number[] = [];
    const file = new Blob(['Tienda;Importe\nLima;10\n']);
    const answer = await client.request<{ path: string }>('POST', 'datasets/upload', {
      file,
      onUploadProgress: (percent) => percents.push(percent),
    });
    expect(answer.path).toBe('/api/datasets/upload');
    const uploads = server.requests.filter((r) => r.path === '/api/datasets/upload');
    expect(uploads.map((r) => r.headers.authorization)).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    for (const upload of uploads) {
      expect(upload.body).toBe('Tienda;Importe\nLima;10\n');
      expect(upload.headers['content-type']).toBe('application/octet-stream');
      expect(upload.headers['x-xsrf-token']).toBe('xsrf-value');
    }
    expect(percents.at(-1)).toBe(100);
    expect(session.user.token).toBe('new-token');
  });

  it('turns error bodies into ApiError with status, code and message', async () => {
    const { client } = setup(() => ({
      status: 403,
      body: { code: 'forbidden', message: 'Acceso denegado al informe.' },
    }));
    await expect(client.request('GET', 'viewer/report/x')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Acceso denegado al informe.',
    });
  });

  it('does not refresh for calls that opt out (login)', async () => {
    const { client, server } = setup(() => ({
      status: 401,
      body: { code: 'invalid_credentials', message: 'Usuario o contraseña incorrectos.' },
    }));
    await expect(
      client.request('POST', 'user/authenticate', { body: {}, refreshOn401: false }),
    ).rejects.toThrow('Usuario o contraseña incorrectos.');
    expect(server.requests).toHaveLength(1);
  });
});
