import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-mock.ts';
import { administrator, renderApp, signIn } from '../../../../test/render.tsx';
import { SubscriptionsPage } from './SubscriptionsPage.tsx';

const subscription = (id: number, reportUid: string, reportName: string, recipients: number[]) => ({
  id,
  reportUid,
  reportName,
  ownerId: 1,
  recipients,
  recipientGroups: [] as string[],
  format: 'PDF',
  pages: [] as string[],
  schedule: { frequency: 'daily', time: '08:00', timeZone: 'America/Lima' },
  startDate: '2026-11-28',
  subject: `Envío ${id}`,
  message: '',
  paused: false,
  nextRunAt: '2026-11-29T13:00:00.000Z',
});
const users = [
  { id: 1, username: 'admin', firstname: 'Ada', lastname: 'Lovelace', mail: 'a@x.pe', rol: 0 },
  { id: 5, username: 'lperez', firstname: 'Luis', lastname: 'Pérez', mail: 'l@x.pe', rol: 1 },
];

describe('Suscripciones, per report and per recipient', () => {
  it('filters the list by report and by recipient', async () => {
    serveApi(({ path }) =>
      path === '/api/subscriptions'
        ? {
            status: 200,
            body: [
              subscription(1, 'u-r1', 'Ventas generales', [1, 5]),
              subscription(2, 'u-r2', 'Margen', [1]),
            ],
          }
        : path === '/api/user'
          ? { status: 200, body: users }
          : { status: 200, body: [] },
    );
    signIn();
    renderApp(<SubscriptionsPage user={administrator} isAdministrator />);
    await screen.findByText('Envío 1');
    expect(screen.getByText('Envío 2')).toBeTruthy();

    // Luis receives only the first one.
    await userEvent.click(screen.getByLabelText('Filtrar por destinatario'));
    await userEvent.click(await screen.findByTitle('Luis Pérez (lperez)'));
    await waitFor(() => expect(screen.queryByText('Envío 2')).toBeNull());
    expect(screen.getByText('Envío 1')).toBeTruthy();

    // And none of Luis's is of Margen.
    await userEvent.click(screen.getByLabelText('Filtrar por informe'));
    await userEvent.click(await screen.findByTitle('Margen'));
    await screen.findByText('No hay suscripciones.');
    expect(screen.queryByText('Envío 1')).toBeNull();
  });
});

describe('Suscripciones with groups, pages and refreshes', () => {
  it('lists groups and after-refresh sends, and edit shows and changes the stored pages', async () => {
    const stored = {
      ...subscription(1, 'u-r1', 'Ventas generales', [5]),
      recipientGroups: ['ventas'],
      pages: ['ReportSection2'],
      schedule: { frequency: 'afterRefresh', timeZone: 'America/Lima' },
      nextRunAt: undefined,
    };
    const server = serveApi(({ path, method }) => {
      if (path === '/api/subscriptions') return { status: 200, body: [stored] };
      if (path === '/api/subscriptions/1' && method === 'PUT') return { status: 200, body: stored };
      if (path === '/api/user') return { status: 200, body: users };
      if (path === '/api/groups')
        return {
          status: 200,
          body: [{ name: 'ventas', members: 2, lastSeenAt: '2026-11-27T10:00:00.000Z' }],
        };
      if (path === '/api/subscriptions/pages')
        return {
          status: 200,
          body: [
            { name: 'ReportSection', displayName: 'Resumen' },
            { name: 'ReportSection2', displayName: 'Margen por región' },
          ],
        };
      return { status: 200, body: [] };
    });
    signIn();
    renderApp(<SubscriptionsPage user={administrator} isAdministrator />);
    await screen.findByText('Grupo ventas');
    expect(screen.getByText('1 usuario')).toBeTruthy();
    expect(screen.getByText('Tras cada actualización de datos')).toBeTruthy();
    expect(screen.getByText('Tras la próxima actualización')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const chosen = await screen.findByLabelText('Páginas elegidas');
    expect((chosen as HTMLInputElement).checked).toBe(true);
    // The stored page by the name the report shows; the group as chosen.
    await screen.findByTitle('Margen por región');
    expect(screen.getByTitle('ventas (2 miembros)')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Páginas a enviar'));
    await userEvent.click(await screen.findByTitle('Resumen'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
        recipients: [5],
        recipientGroups: ['ventas'],
        pages: ['ReportSection2', 'ReportSection'],
        schedule: { frequency: 'afterRefresh', timeZone: 'America/Lima' },
      }),
    );
    const put = server.requests.find((r) => r.method === 'PUT')!.body as {
      schedule: { time?: string };
    };
    expect(put.schedule.time).toBeUndefined();

    // Back to every page: the body says so with no pages.
    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    await userEvent.click(await screen.findByLabelText('Todas las páginas'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT')[1]?.body).toMatchObject({
        pages: [],
      }),
    );
  }, 90_000);
});
