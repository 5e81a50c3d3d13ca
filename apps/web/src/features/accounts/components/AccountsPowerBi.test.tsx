import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { AccountsPage } from './AccountsPage.tsx';

const masterUser = {
  id: 4,
  username: 'maestro@vitrina.demo',
  clientId: 'app-4',
  description: 'Cuenta ROPC',
  error: false,
  message: null,
  lastSyncAt: '2026-01-01T10:00:00Z',
  authType: 'MasterUser',
  tenantId: null,
  secretExpiresAt: null,
  warnings: ['ROPC no funciona con MFA; use una entidad de servicio.'],
  workspaces: [],
};
const wrongSecret =
  'El secreto de cliente no es válido (AADSTS7000215): copie el valor del secreto, no su identificador.';

function open() {
  const server = serveApi(({ method, path }) => {
    if (method === 'GET') return { status: 200, body: [masterUser] };
    if (path.endsWith('/test')) {
      return {
        status: 200,
        body: { ok: false, steps: [{ step: 'signIn', ok: false, message: wrongSecret }] },
      };
    }
    return { status: 201, body: { ...masterUser, id: 5, authType: 'ServicePrincipal' } };
  });
  signIn();
  renderApp(<AccountsPage />);
  return server;
}

describe('accounts page: Power BI tenants', () => {
  it('warns about ROPC in the table and in the Estado modal', async () => {
    open();
    const row = (await screen.findByText('Cuenta ROPC')).closest('tr')!;
    await userEvent.click(
      within(row).getByRole('button', { name: 'Ver advertencias de la cuenta Cuenta ROPC' }),
    );
    expect(
      await screen.findAllByText('ROPC no funciona con MFA; use una entidad de servicio.'),
    ).not.toHaveLength(0);
  });

  it('runs "Probar conexión" and shows the failing step in Spanish', async () => {
    open();
    const row = (await screen.findByText('Cuenta ROPC')).closest('tr')!;
    await userEvent.click(
      within(row).getByRole('button', { name: 'Probar conexión de la cuenta Cuenta ROPC' }),
    );
    expect(await screen.findByText(wrongSecret)).toBeTruthy();
    expect(screen.getByText('Inicio de sesión')).toBeTruthy();
  });

  it('creates a service principal with its tenant and a label as username', async () => {
    const server = open();
    await screen.findByText('Cuenta ROPC');
    await userEvent.click(screen.getByRole('button', { name: /AGREGAR CUENTA/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Tipo de autenticación'));
    await userEvent.click(await screen.findByTitle('Entidad de servicio'));
    await userEvent.type(within(dialog).getByLabelText('Descripción'), 'Entidad');
    await userEvent.type(within(dialog).getByLabelText('Usuario'), 'mi-app');
    await userEvent.type(within(dialog).getByLabelText('Tenant ID'), 'contoso.onmicrosoft.com');
    await userEvent.type(within(dialog).getByLabelText('Application ID'), 'app-5');
    await userEvent.type(within(dialog).getByLabelText('Secreto de cliente'), 's3cr3t');
    await userEvent.click(within(dialog).getByRole('button', { name: /Grabar/ }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        authType: 'ServicePrincipal',
        description: 'Entidad',
        username: 'mi-app',
        tenantId: 'contoso.onmicrosoft.com',
        clientId: 'app-5',
        password: 's3cr3t',
      }),
    );
  });
});

describe('accounts page: Seguridad por filas', () => {
  it('lists the account identities and removes one', async () => {
    const identity = {
      id: 9,
      userId: 2,
      accountId: 4,
      datasetId: null,
      username: 'gerente.peru@retailandino.demo',
      roles: ['Pais'],
    };
    const user = {
      id: 2,
      username: 'vperu',
      firstname: 'Ana',
      lastname: 'Pérez',
      mail: 'a@b.c',
      rol: 1,
    };
    const server = serveApi(({ method, path }) => {
      if (method === 'DELETE') return { status: 204 };
      if (path.endsWith('/identities')) return { status: 200, body: [identity] };
      if (path === '/api/user') return { status: 200, body: [user] };
      return { status: 200, body: [masterUser] };
    });
    signIn();
    renderApp(<AccountsPage />);
    const row = (await screen.findByText('Cuenta ROPC')).closest('tr')!;
    await userEvent.click(
      within(row).getByRole('button', { name: 'Seguridad por filas de la cuenta Cuenta ROPC' }),
    );
    expect(await screen.findByText('gerente.peru@retailandino.demo')).toBeTruthy();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Quitar la identidad de vperu' }),
    );
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe(
      '/api/account/4/identities/9',
    );
  });
});
