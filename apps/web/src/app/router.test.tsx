import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfig, viewerReportOf } from '../../test/api-fixtures.ts';
import { serveApi } from '../../test/api-mock.ts';
import { administrator, renderApp, signIn } from '../../test/render.tsx';
import { routes } from './router.tsx';

const api = () =>
  serveApi(({ path }) =>
    path.startsWith('/api/account/')
      ? { status: 200, body: [] }
      : { status: 200, body: publicConfig },
  );

describe('route guards', () => {
  it('sends anonymous visitors to the root with returnUrl', async () => {
    api();
    const { router } = renderApp(routes, '/administration/user?x=1');
    await screen.findByText('Credenciales');
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(
      '/administration/user?x=1',
    );
  });

  it('keeps viewers out of administration', async () => {
    api();
    signIn({ ...administrator, rol: 1 });
    const { router } = renderApp(routes, '/administration/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gateway'));
    expect(screen.queryByRole('button', { name: 'Administración' })).toBeNull();
  });

  it('shows administrators the settings menu', async () => {
    api();
    signIn();
    renderApp(routes, '/gateway');
    expect(await screen.findByRole('button', { name: 'Administración' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Usuario: Ada Lovelace' })).toBeTruthy();
  });

  it('starts the embed token call with the navigation to a report, once, for signed-in users only', async () => {
    const reportPath = '/api/viewer/report/u-r1';
    const server = serveApi(({ path }) =>
      path === reportPath
        ? {
            status: 200,
            body: viewerReportOf(),
          }
        : { status: 200, body: path.startsWith('/api/account/') ? [] : publicConfig },
    );
    const anonymous = renderApp(routes, '/viewer/u-r1');
    await screen.findByText('Credenciales');
    expect(anonymous.router.state.location.pathname).toBe('/');
    expect(server.requests.filter((r) => r.path === reportPath)).toHaveLength(0);
    anonymous.unmount();

    signIn();
    renderApp(routes, '/viewer/u-r1');
    await screen.findByRole('heading', { name: 'Ventas generales' });
    expect(server.requests.filter((r) => r.path === reportPath)).toHaveLength(1);
  });
});
