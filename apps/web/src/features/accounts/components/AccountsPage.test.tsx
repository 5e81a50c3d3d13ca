import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { AccountsPage } from './AccountsPage.tsx';

const accounts = [
  {
    id: 3,
    username: 'rota@vitrina.demo',
    clientId: 'app-3',
    description: 'Cuenta rota',
    error: true,
    message: 'credenciales inválidas',
    lastSyncAt: '2026-01-01T10:00:00Z',
    workspaces: [],
  },
];

async function open(onWrite: { status: number; body: unknown }) {
  const server = serveApi(({ method }) =>
    method === 'GET' ? { status: 200, body: accounts } : onWrite,
  );
  signIn();
  renderApp(<AccountsPage />);
  await screen.findByText('Cuenta rota');
  return server;
}

describe('accounts page', () => {
  it('shows the error icon, an empty last update and the spec sentence in the error modal', async () => {
    await open({ status: 200, body: {} });
    const row = screen.getByText('Cuenta rota').closest('tr')!;
    expect(row.textContent).not.toContain('2026');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Ver error de la cuenta Cuenta rota' }),
    );
    expect(
      await screen.findByText(
        'Error al actualizar la información de la cuenta rota@vitrina.demo, credenciales inválidas',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeTruthy();
  });

  it('prefills the edit form with the username locked', async () => {
    await open({ status: 200, body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Editar cuenta Cuenta rota' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Editar cuenta')).toBeTruthy();
    const username = within(dialog).getByLabelText('Usuario') as HTMLInputElement;
    expect(username.value).toBe('rota@vitrina.demo');
    expect(username.disabled).toBe(true);
    expect((within(dialog).getByLabelText('Application ID') as HTMLInputElement).value).toBe(
      'app-3',
    );
  });

  it('on a failed save shows the server message and leaves Grabar usable', async () => {
    await open({
      status: 502,
      body: { code: 'bad_gateway', message: 'El servicio de BI no respondió correctamente.' },
    });
    await userEvent.click(screen.getByRole('button', { name: /AGREGAR CUENTA/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Descripción'), 'Nueva');
    await userEvent.type(within(dialog).getByLabelText('Usuario'), 'nueva@vitrina.demo');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'secreto');
    await userEvent.type(within(dialog).getByLabelText('Application ID'), 'app-9');
    await userEvent.click(within(dialog).getByRole('button', { name: /Grabar/ }));
    expect(await screen.findByText('El servicio de BI no respondió correctamente.')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Grabar/ }).className).not.toContain(
        'loading',
      ),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
