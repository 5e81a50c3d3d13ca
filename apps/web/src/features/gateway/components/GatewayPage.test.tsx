import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../lib/models.ts';
import { accountOf, publicConfig } from '../../../../test/api-fixtures.ts';
import { serveApi } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { GatewayPage } from './GatewayPage.tsx';

const report = (id: string, name: string, favorite = false) => ({
  id,
  uId: `u-${id}`,
  name,
  kind: 'report' as const,
  favorite,
});
const account = (id: number, description: string, workspaces: Account['workspaces']) =>
  accountOf({ id, description, workspaces });
const accounts = [
  account(1, 'Comercial', [
    { id: 'ws-1', name: 'Ventas', reports: [report('r1', 'Ventas generales')] },
    { id: 'ws-2', name: 'Operaciones', reports: [report('r2', 'Tiendas')] },
  ]),
  account(2, 'Finanzas', [
    { id: 'ws-3', name: 'Finanzas', reports: [report('r3', 'Estado de resultados')] },
  ]),
];

const pick = async (label: string, option: string) => {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(await screen.findByTitle(option));
};

describe('gateway', () => {
  it('resets Área de trabajo to Todas when the account changes', async () => {
    serveApi(({ path }) =>
      path === '/api/account/1'
        ? { status: 200, body: accounts }
        : { status: 200, body: publicConfig },
    );
    signIn();
    renderApp(<GatewayPage userId={1} />);
    await screen.findByText('Ventas generales');
    await pick('Área de trabajo', 'Operaciones');
    await waitFor(() => expect(screen.queryByText('Ventas generales')).toBeNull());
    await pick('Cuenta', 'Finanzas');
    await screen.findByText('Estado de resultados');
    expect(screen.getAllByTitle('Todas').length).toBeGreaterThan(0);
  });

  it('adds a favorite, shows the Favoritos section and updates the cached accounts', async () => {
    const server = serveApi(({ path }) =>
      path === '/api/account/1'
        ? { status: 200, body: accounts }
        : path === '/api/public-config'
          ? { status: 200, body: publicConfig }
          : { status: 200, body: { reportId: 'r2' } },
    );
    signIn();
    renderApp(<GatewayPage userId={1} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Agregar a favoritos: Tiendas' }),
    );
    await screen.findByText('Favoritos');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      reportId: 'r2',
      userId: 1,
    });
    const cached = JSON.parse(localStorage.getItem('accounts') ?? '[]');
    expect(cached[0].workspaces[1].reports[0].favorite).toBe(true);
  });
});
