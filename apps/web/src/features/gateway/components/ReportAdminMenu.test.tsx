import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, salesAccountWith } from '../../../../test/api-fixtures.ts';
import { serveApi, type RecordedRequest } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { GatewayPage } from './GatewayPage.tsx';

/** One account whose reports the double renames and deletes, as the server would. */
function portalWith(
  reports: { id: string; uId: string; name: string; kind: 'report' | 'dashboard' }[],
) {
  const answer = (request: RecordedRequest) => {
    const uid = decodeURIComponent(request.path.split('/').at(-1) ?? '');
    if (request.method === 'PATCH') {
      const report = reports.find((r) => r.uId === uid)!;
      report.name = (request.body as { name: string }).name;
      return { status: 204 };
    }
    if (request.method === 'DELETE') {
      reports.splice(
        reports.findIndex((r) => r.uId === uid),
        1,
      );
      return { status: 204 };
    }
    if (request.path === '/api/account/1')
      return {
        status: 200,
        body: [salesAccountWith(reports.map((r) => ({ ...r, favorite: false })))],
      };
    return { status: 200, body: publicConfig };
  };
  return serveApi(answer);
}

const openMenu = async (name: string, item: string) => {
  await userEvent.click(await screen.findByRole('button', { name: `Más opciones: ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
};

describe('administrators rename and delete reports from the gateway', () => {
  it('renames through the name dialog, refusing a blank name', async () => {
    const server = portalWith([{ id: 'r1', uId: 'u-1', name: 'Ventas generales', kind: 'report' }]);
    signIn();
    renderApp(<GatewayPage userId={1} isAdministrator />);
    const dialog = await openMenu('Ventas generales', 'Cambiar nombre');
    const field = within(dialog).getByRole('textbox');
    await userEvent.clear(field);
    expect(within(dialog).getByRole('button', { name: 'Guardar' }).hasAttribute('disabled')).toBe(
      true,
    );
    within(dialog).getByText('Escriba un nombre para el informe.');
    await userEvent.type(field, 'Ventas 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Ventas 2026');
    expect(server.requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/authoring/report/u-1',
      body: { name: 'Ventas 2026' },
    });
  });

  it('deletes only after the confirmation, and the card goes', async () => {
    const server = portalWith([
      { id: 'r1', uId: 'u-1', name: 'Ventas generales', kind: 'report' },
      { id: 'r2', uId: 'u-2', name: 'Tiendas', kind: 'report' },
    ]);
    signIn();
    renderApp(<GatewayPage userId={1} isAdministrator />);
    let dialog = await openMenu('Tiendas', 'Eliminar');
    await userEvent.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    dialog = await openMenu('Tiendas', 'Eliminar');
    within(dialog).getByText(/¿Eliminar el informe «Tiendas»\?/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('Tiendas')).toBeNull());
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe(
      '/api/authoring/report/u-2',
    );
    screen.getByText('Ventas generales');
  });

  it('shows viewers no such menu', async () => {
    portalWith([{ id: 'r1', uId: 'u-1', name: 'Ventas generales', kind: 'report' }]);
    signIn();
    renderApp(<GatewayPage userId={1} />);
    await screen.findByText('Ventas generales');
    expect(screen.queryByRole('button', { name: /Más opciones/ })).toBeNull();
  });
});
