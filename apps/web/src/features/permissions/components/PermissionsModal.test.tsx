import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOf, viewerUser as viewer } from '../../../../test/api-fixtures.ts';
import { serveApi, type Answer } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { PermissionsModal } from './PermissionsModal.tsx';

const tree = [
  accountOf({
    id: 1,
    description: 'Comercial',
    workspaces: [{ id: 'ws-a', name: 'Ventas', reports: [] }],
  }),
];

async function open(onPut: Answer) {
  const server = serveApi(({ method, path }) => {
    if (path === '/api/administration/reports/accounts') return { status: 200, body: tree };
    if (method === 'GET') return { status: 200, body: [] }; // no grants yet
    return onPut;
  });
  signIn();
  let closed = 0;
  renderApp(<PermissionsModal user={viewer} onClose={() => (closed += 1)} />);
  const dialog = await screen.findByRole('dialog');
  const account = await within(dialog).findByText('cuenta1@vitrina.demo');
  await userEvent.click(
    account.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement,
  );
  await userEvent.click(within(dialog).getByRole('button', { name: /Grabar/ }));
  return { server, dialog, closed: () => closed };
}

describe('permissions modal', () => {
  it('saves the ticked account, toasts naming the user and closes', async () => {
    const { server, closed } = await open({
      status: 200,
      body: [{ userId: 5, accountElementId: '1' }],
    });
    expect(await screen.findByText('Se actualizaron los permisos del usuario vrios')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual([
      { userId: 5, accountElementId: '1' },
    ]);
    await waitFor(() => expect(closed()).toBe(1));
  });

  it('on failure shows the server message, gives Grabar back and stays open', async () => {
    const { dialog, closed } = await open({
      status: 403,
      body: { code: 'forbidden', message: 'Solo un administrador puede hacer esto.' },
    });
    expect(await screen.findByText('Solo un administrador puede hacer esto.')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Grabar/ }).className).not.toContain(
        'loading',
      ),
    );
    expect(closed()).toBe(0);
  });
});
