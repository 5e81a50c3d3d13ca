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
  format: 'PDF',
  pages: [],
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
