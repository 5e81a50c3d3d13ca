import { temporaryPasswordFor } from './session.ts';

/**
 * The portal API from Node, for test set-up a screen does not need to show: signs in, keeps the
 * XSRF cookie and echoes it on writes, as the SPA does.
 */
export async function portalApi(portalUrl: string, username: string, password: string) {
  const login = await fetch(`${portalUrl}/api/user/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login of ${username}: HTTP ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const health = await fetch(`${portalUrl}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return async function call<T = unknown>(method: string, path: string, body?: unknown) {
    const response = await fetch(`${portalUrl}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

/**
 * Adds a viewer (role 1) as the administrator, with no grants, and sets the password the viewer
 * signs in with (the temporary one from the mail is changed first, as the portal asks).
 */
export async function addViewer(
  stack: { portalUrl: string; dataDir: string; adminPassword: string },
  user: { username: string; firstname: string; lastname: string; mail: string; password: string },
): Promise<number> {
  const api = await portalApi(stack.portalUrl, 'admin', stack.adminPassword);
  const { password, ...fields } = user;
  const { id } = await api<{ id: number }>('POST', 'user', { ...fields, rol: 1 });
  const temporary = temporaryPasswordFor(stack.dataDir, user.mail);
  const own = await portalApi(stack.portalUrl, user.username, temporary);
  await own('PUT', 'user/changepassword', { password });
  return id;
}
