import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOf, publicConfig, viewerUser as viewer } from '../../../../test/api-fixtures.ts';
import { serveApi } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { toLocalInput } from './grant-end.ts';
import { PermissionsByUserPage } from './PermissionsByUserPage.tsx';

const report = (id: string, name: string) => ({
  id,
  uId: `u-${id}`,
  name,
  kind: 'report' as const,
  favorite: false,
});
const tree = [
  accountOf({
    id: 1,
    username: 'integracion.comercial@vitrina.demo',
    description: 'Comercial',
    workspaces: [
      {
        id: 'ws-a',
        name: 'Comercial',
        reports: [report('r1', 'Ventas'), report('r2', 'Clientes')],
      },
      { id: 'ws-b', name: 'Operaciones', reports: [report('r3', 'Tiendas')] },
    ],
  }),
  accountOf({ id: 2, username: 'rota@vitrina.demo', error: true }),
];

async function open(
  permissions: { userId: number; accountElementId: string; validUntil?: string }[],
  sso: typeof publicConfig.sso = null,
) {
  const server = serveApi(({ method, path, body }) => {
    if (path === '/api/public-config') return { status: 200, body: { ...publicConfig, sso } };
    if (path === '/api/groups')
      return { status: 200, body: [{ name: 'ventas', members: 3, lastSeenAt: '2026-11-27' }] };
    if (path === '/api/groups/ventas/permissions')
      return { status: 200, body: method === 'PUT' ? body : [{ accountElementId: 'ws-b' }] };
    if (path === '/api/user')
      return { status: 200, body: [viewer, { ...viewer, id: 1, username: 'admin', rol: 0 }] };
    if (path === '/api/administration/reports/accounts') return { status: 200, body: tree };
    if (path === '/api/user/5/permissions') return { status: 200, body: permissions };
    if (method === 'PUT') return { status: 200, body }; // the stored set: what was sent
    return method === 'DELETE' ? { status: 204 } : { status: 200, body: [] };
  });
  signIn();
  renderApp(<PermissionsByUserPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Ríos, Valeria' }));
  await screen.findByText('integracion.comercial@vitrina.demo');
  return server;
}

const checkbox = (title: string) =>
  screen
    .getByText(title)
    .closest('.ant-tree-treenode')!
    .querySelector('.ant-tree-checkbox') as HTMLElement;

describe('permissions by user', () => {
  it('lists viewers only and leaves accounts in error out of the tree', async () => {
    await open([]);
    expect(screen.queryByRole('button', { name: /admin/ })).toBeNull();
    expect(screen.queryByText('rota@vitrina.demo')).toBeNull();
  });

  it('saves a fully ticked account as one record, without its children', async () => {
    const server = await open([]);
    await userEvent.click(checkbox('integracion.comercial@vitrina.demo'));
    await userEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await screen.findByText('Se actualizaron los permisos del usuario.');
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/user/permissions');
    expect(put?.body).toEqual([{ userId: 5, accountElementId: '1' }]);
  });

  it('deletes the permissions when the selection is emptied', async () => {
    const server = await open([{ userId: 5, accountElementId: 'ws-b' }]);
    await userEvent.click(
      screen
        .getByText('integracion.comercial@vitrina.demo')
        .closest('.ant-tree-treenode')!
        .querySelector('.ant-tree-switcher') as HTMLElement,
    );
    await waitFor(() => expect(checkbox('Operaciones').className).toContain('checked'));
    await userEvent.click(checkbox('Operaciones'));
    await userEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe(
      '/api/user/permissions/5',
    );
  });

  it('with a provider, grants a group in its own tab', async () => {
    const server = await open([], { displayName: 'Cuenta Empresa', endSession: false });
    await userEvent.click(screen.getByRole('tab', { name: 'Grupos' }));
    await userEvent.click(await screen.findByRole('button', { name: 'ventas (3)' }));
    await screen.findByText('Grupo ventas');
    await screen.findByText('integracion.comercial@vitrina.demo');
    await userEvent.click(checkbox('integracion.comercial@vitrina.demo'));
    await userEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await screen.findByText('Se actualizaron los permisos del grupo.');
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/groups/ventas/permissions');
    expect(put?.body).toEqual([{ accountElementId: '1' }]);
  });

  it('shows an ended grant greyed with its Válido hasta, and sends the end set on a grant', async () => {
    const server = await open([
      { userId: 5, accountElementId: 'ws-b', validUntil: '2020-01-01T00:00:00.000Z' },
    ]);
    await userEvent.click(
      screen
        .getByText('integracion.comercial@vitrina.demo')
        .closest('.ant-tree-treenode')!
        .querySelector('.ant-tree-switcher') as HTMLElement,
    );
    const ended = (await screen.findByLabelText('Válido hasta: Operaciones')) as HTMLInputElement;
    expect(ended.value).toBe(toLocalInput('2020-01-01T00:00:00.000Z'));
    expect(screen.getByText('Operaciones').closest('.vt-grant--ended')).not.toBeNull();
    expect(screen.getByText('Vencido')).toBeTruthy();
    // Only grants carry the input: Comercial is not granted.
    expect(screen.queryByLabelText('Válido hasta: Comercial')).toBeNull();

    // jsdom has no date/time picker: set the value as the browser's picker would.
    fireEvent.change(ended, { target: { value: '2099-12-31T23:59' } });
    await waitFor(() => expect(screen.queryByText('Vencido')).toBeNull());
    expect(screen.getByText('Operaciones').closest('.vt-grant--ended')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await screen.findByText('Se actualizaron los permisos del usuario.');
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual([
      {
        userId: 5,
        accountElementId: 'ws-b',
        validUntil: new Date('2099-12-31T23:59').toISOString(),
      },
    ]);
  });

  it('has no groups tab without a provider', async () => {
    await open([]);
    expect(screen.queryByRole('tab', { name: 'Grupos' })).toBeNull();
  });
});
