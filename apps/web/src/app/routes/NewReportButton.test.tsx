import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, salesAccountWith } from '../../../test/api-fixtures.ts';
import { serveApi } from '../../../test/api-mock.ts';
import { administrator, renderApp, signIn } from '../../../test/render.tsx';
import { GatewayRoute } from './gateway-route.tsx';

const accounts = [
  salesAccountWith([
    { id: 'r1', uId: 'u-r1', name: 'Ventas generales', kind: 'report', favorite: false },
  ]),
];

function serveGateway() {
  return serveApi(({ path }) => {
    if (path === '/api/account/1') return { status: 200, body: accounts };
    if (path === '/api/authoring/account/1/workspace/ws-1/datasets')
      return { status: 200, body: [{ id: 'd-1', name: 'Ventas por tienda' }] };
    return { status: 200, body: publicConfig };
  });
}

describe('Nuevo informe on the gateway', () => {
  it('is not shown to viewers', async () => {
    serveGateway();
    signIn({ ...administrator, rol: 1 });
    renderApp(<GatewayRoute />);
    await screen.findByText('Ventas generales');
    expect(screen.queryByRole('button', { name: /Nuevo informe/ })).toBeNull();
  });

  it('lets an administrator pick a dataset of the workspace and opens the create page', async () => {
    const server = serveGateway();
    signIn();
    const routes = [
      { path: '/gateway', element: <GatewayRoute /> },
      { path: '/authoring/new/:accountId/:workspaceId/:datasetId', element: <p>Creando</p> },
    ];
    const { router } = renderApp(routes, '/gateway');
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo informe/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nuevo informe en Ventas')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Conjunto de datos'));
    await userEvent.click(await screen.findByTitle('Ventas por tienda'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await screen.findByText('Creando');
    expect(router.state.location.pathname).toBe('/authoring/new/1/ws-1/d-1');
    expect(server.requests.map((r) => r.path)).toContain(
      '/api/authoring/account/1/workspace/ws-1/datasets',
    );
  });
});
