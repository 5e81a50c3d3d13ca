import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOf, publicConfig } from '../../../../test/api-fixtures.ts';
import { serveApi } from '../../../../test/api-mock.ts';
import { administrator, renderApp } from '../../../../test/render.tsx';
import { LoginCard } from './LoginCard.tsx';

/** The API double, answering the page's public-config request with the default branding. */
const serve = (handler: Parameters<typeof serveApi>[0]) =>
  serveApi((request) =>
    request.path === '/api/public-config' ? { status: 200, body: publicConfig } : handler(request),
  );

const routes = [
  { path: '/', element: <LoginCard /> },
  { path: '/gateway', element: <p>gateway</p> },
  { path: '/viewer/:uid', element: <p>viewer</p> },
];

describe('login card', () => {
  it('shows Credenciales, Usuario, Contraseña and the required messages without sending anything', async () => {
    const server = serve(() => ({ status: 200, body: {} }));
    renderApp(routes);
    expect(screen.getByText('Credenciales')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    // Ant Design validates the fields one after another: wait for both messages, not the first.
    await waitFor(() => expect(screen.getAllByText('El campo es requerido')).toHaveLength(2));
    expect(screen.getByPlaceholderText('Usuario')).toBeTruthy();
    expect(screen.getByPlaceholderText('Contraseña')).toBeTruthy();
    expect(server.requests.filter((r) => r.path === '/api/user/authenticate')).toHaveLength(0);
  });

  it('shows the server message in red on failure and gives the button back', async () => {
    serve(({ path }) =>
      path === '/api/user/authenticate'
        ? {
            status: 401,
            body: { code: 'invalid_credentials', message: 'Usuario o contraseña incorrectos.' },
          }
        : { status: 200, body: { revoked: true } },
    );
    renderApp(routes);
    await userEvent.type(screen.getByPlaceholderText('Usuario'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('Contraseña'), 'mala');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Usuario o contraseña incorrectos.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Ingresar/ }).className).not.toContain('loading'),
    );
  });

  it('stores the user, caches the accounts and goes to returnUrl', async () => {
    const account = accountOf({ id: 3 });
    const server = serve(({ path }) => {
      if (path === '/api/user/authenticate') return { status: 200, body: administrator };
      if (path === '/api/account/1') return { status: 200, body: [account] };
      return { status: 200, body: {} };
    });
    const { router } = renderApp(routes, '/?returnUrl=%2Fviewer%2Fabc');
    await userEvent.type(screen.getByPlaceholderText('Usuario'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('Contraseña'), 'Admin1234');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await screen.findByText('viewer');
    expect(router.state.location.pathname).toBe('/viewer/abc');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}').token).toBe('access-1');
    expect(JSON.parse(localStorage.getItem('accounts') ?? '[]')).toEqual([account]);
    expect(server.requests.find((r) => r.path === '/api/user/authenticate')?.body).toEqual({
      username: 'admin',
      password: 'Admin1234',
    });
  });

  it('logs out whoever was signed in when it opens, revoking the refresh token', async () => {
    const server = serve(() => ({ status: 200, body: { revoked: true } }));
    localStorage.setItem('currentUser', JSON.stringify(administrator));
    localStorage.setItem('accounts', '[]');
    renderApp(routes);
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === '/api/user/logout')).toBe(true),
    );
    expect(server.requests.find((r) => r.path === '/api/user/logout')?.body).toEqual({
      token: 'refresh-1',
    });
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('accounts')).toBeNull();
  });
});

describe('sign-in with the company provider', () => {
  const sso = { displayName: 'Cuenta Empresa', endSession: false };
  const withProvider = (path: string) =>
    path === '/api/public-config' ? { status: 200, body: { ...publicConfig, sso } } : undefined;

  it('offers "Iniciar sesión con …" under the Credenciales card, keeping returnUrl', async () => {
    serveApi(({ path }) => withProvider(path) ?? { status: 200, body: {} });
    renderApp(routes, '/?returnUrl=%2Fviewer%2Fabc');
    const button = await screen.findByRole('link', { name: 'Iniciar sesión con Cuenta Empresa' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/login?returnUrl=%2Fviewer%2Fabc');
    expect(screen.getByText('Credenciales')).toBeTruthy();
  });

  it('has no such button when the server has no provider', async () => {
    const server = serve(() => ({ status: 200, body: {} }));
    renderApp(routes);
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === '/api/public-config')).toBe(true),
    );
    expect(screen.queryByText(/Iniciar sesión con/)).toBeNull();
  });

  it('explains in Spanish why the provider sign-in failed', async () => {
    serveApi(({ path }) => withProvider(path) ?? { status: 200, body: {} });
    renderApp(routes, '/?sso_error=domain');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Su dominio de correo no está habilitado para ingresar a este portal.',
    );
  });

  it('back from the provider, collects the session and goes to returnUrl', async () => {
    const server = serveApi(({ path }) => {
      if (path === '/api/auth/oidc/session') return { status: 200, body: administrator };
      return withProvider(path) ?? { status: 200, body: [] };
    });
    const { router } = renderApp(routes, '/?sso=1&returnUrl=%2Fviewer%2Fabc');
    await screen.findByText('viewer');
    expect(router.state.location.pathname).toBe('/viewer/abc');
    expect(server.requests.filter((r) => r.path === '/api/user/logout')).toHaveLength(0);
  });
});
