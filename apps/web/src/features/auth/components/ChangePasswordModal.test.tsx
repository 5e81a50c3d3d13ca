import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-mock.ts';
import { administrator, administratorUser, renderApp, signIn } from '../../../../test/render.tsx';
import { ChangePasswordModal, PASSWORD_HELP } from './ChangePasswordModal.tsx';

async function openModal(status = 200) {
  const server = serveApi(() =>
    status === 200
      ? { status, body: administratorUser }
      : { status, body: { code: 'internal', message: 'No se pudo cambiar la contraseña.' } },
  );
  signIn();
  let closed = 0;
  renderApp(<ChangePasswordModal open onClose={() => (closed += 1)} />);
  const [password, repeat] = document.querySelectorAll<HTMLInputElement>('input[type="password"]');
  return { server, password: password!, repeat: repeat!, closed: () => closed };
}

const grabar = () => userEvent.click(screen.getByRole('button', { name: /Grabar/ }));

describe('change password modal', () => {
  it('shows the help text and limits the input to 10 characters', async () => {
    const { password } = await openModal();
    expect(screen.getByText(PASSWORD_HELP)).toBeTruthy();
    expect(password.maxLength).toBe(10);
  });

  it('requires both fields (message without the final dot) and sends nothing', async () => {
    const { server } = await openModal();
    await grabar();
    // Ant Design validates the fields one after another: wait for both messages, not the first.
    await waitFor(() => expect(screen.getAllByText('El campo es requerido')).toHaveLength(2));
    expect(server.requests).toHaveLength(0);
  });

  it('rejects short passwords, missing character classes and a different repeat', async () => {
    const { password, repeat } = await openModal();
    await userEvent.type(password, 'Ab1');
    await grabar();
    expect(await screen.findByText('El campo no cumple con la longitud minima')).toBeTruthy();
    await userEvent.clear(password);
    await userEvent.type(password, 'abcdefgh1');
    expect(await screen.findByText('El campo no cumple con los requerimientos')).toBeTruthy();
    await userEvent.clear(password);
    await userEvent.type(password, 'Abcdefg1');
    await userEvent.type(repeat, 'Abcdefg2');
    await grabar();
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
  });

  it('sends the current user with the new password, toasts and closes', async () => {
    const { server, password, repeat, closed } = await openModal();
    await userEvent.type(password, 'Nueva2024');
    await userEvent.type(repeat, 'Nueva2024');
    await grabar();
    expect(await screen.findByText('Se cambio la contraseña del usuario admin')).toBeTruthy();
    expect(
      screen.getByText('Cambiar contraseña', { selector: '.ant-notification-notice-title' }),
    ).toBeTruthy();
    const request = server.requests[0];
    expect(request?.method).toBe('PUT');
    expect(request?.path).toBe('/api/user/changepassword');
    expect(request?.body).toEqual({ ...administrator, password: 'Nueva2024' });
    expect(closed()).toBe(1);
  });

  it('on failure shows the server message and returns Grabar to its default state', async () => {
    const { password, repeat, closed } = await openModal(500);
    await userEvent.type(password, 'Nueva2024');
    await userEvent.type(repeat, 'Nueva2024');
    await grabar();
    expect(await screen.findByText('No se pudo cambiar la contraseña.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Grabar/ }).className).not.toContain('loading'),
    );
    expect(closed()).toBe(0);
  });
});
