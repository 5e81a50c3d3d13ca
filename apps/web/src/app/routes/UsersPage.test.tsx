import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, viewerUser as viewer } from '../../../test/api-fixtures.ts';
import { serveApi, type Answer, type RecordedRequest } from '../../../test/api-mock.ts';
import { administratorUser, renderApp, signIn } from '../../../test/render.tsx';
import { UsersRoute } from './users-route.tsx';

/** Serves the users list (which the writes change) and answers the writes with `onWrite`. */
async function open(
  onWrite: (request: RecordedRequest) => Answer,
  sso: typeof publicConfig.sso = null,
) {
  let users = [administratorUser, viewer];
  const server = serveApi((request) => {
    const { method, path } = request;
    if (path === '/api/public-config') return { status: 200, body: { ...publicConfig, sso } };
    if (path === '/api/user/origins')
      return {
        status: 200,
        body: [
          { userId: administratorUser.id, origin: 'local', roleClaims: null },
          {
            userId: viewer.id,
            origin: 'provider',
            roleClaims: { claim: 'groups', values: ['ventas'], adminMatches: [] },
          },
        ],
      };
    if (method === 'GET' && path === '/api/user') return { status: 200, body: users };
    if (method === 'GET') return { status: 200, body: [] }; // the viewer's permissions and tree
    const answer = onWrite(request);
    if (method === 'DELETE' && answer.status === 204) users = users.filter((u) => u.id !== 5);
    return answer;
  });
  signIn();
  renderApp(<UsersRoute />);
  await screen.findByText('Ríos, Valeria');
  return server;
}

/** jsdom never ends Ant Design's leave animation: a closed modal stays in the DOM, leaving. */
const closing = (dialog: HTMLElement) => /-leave\b/.test(dialog.className);

const listLoads = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/api/user').length;

describe('users page', () => {
  it('deletes after confirming, reloads the table, toasts and closes the modal', async () => {
    const server = await open(() => ({ status: 204 }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar usuario vrios' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('¿Está seguro que desea eliminar el usuario vrios?'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Se elimino el usuario vrios')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/user/5');
    expect(listLoads(server.requests)).toBe(2);
    expect(screen.queryByText('Ríos, Valeria')).toBeNull();
    await waitFor(() => expect(closing(dialog)).toBe(true));
  });

  it('edits with the username locked and the role as a number, then toasts and closes', async () => {
    const server = await open(({ body }) => ({ status: 200, body }));
    await userEvent.click(screen.getByRole('button', { name: 'Editar usuario vrios' }));
    const dialog = await screen.findByRole('dialog');
    const firstname = within(dialog).getByLabelText('Nombre');
    await userEvent.clear(firstname);
    await userEvent.type(firstname, 'Vale');
    await userEvent.click(within(dialog).getByRole('button', { name: /Grabar/ }));
    expect(await screen.findByText('Se actualizó el usuario vrios')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      ...viewer,
      firstname: 'Vale',
    });
    expect(listLoads(server.requests)).toBe(2);
    await waitFor(() => expect(closing(dialog)).toBe(true));
  });

  it('on a failed reset shows the server message, gives the button back and stays open', async () => {
    await open(() => ({
      status: 502,
      body: { code: 'bad_gateway', message: 'No se pudo enviar el correo.' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Resetear contraseña de vrios' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Resetear/ }));
    expect(await screen.findByText('No se pudo enviar el correo.')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Resetear/ }).className).not.toContain(
        'loading',
      ),
    );
    expect(closing(dialog)).toBe(false);
  });

  it('with a provider, tags its users and offers them no password reset', async () => {
    await open(() => ({ status: 200, body: {} }), {
      displayName: 'Cuenta Empresa',
      endSession: false,
    });
    await userEvent.hover(await screen.findByText('Proveedor'));
    expect(await screen.findByText('groups: ventas (ningún valor de administrador)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resetear contraseña de vrios' })).toBeNull();
    expect(
      screen.getByRole('button', { name: `Resetear contraseña de ${administratorUser.username}` }),
    ).toBeTruthy();
  });
});
