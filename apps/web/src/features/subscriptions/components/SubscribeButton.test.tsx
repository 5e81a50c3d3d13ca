import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-mock.ts';
import { administrator, renderApp, signIn } from '../../../../test/render.tsx';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import { SubscribeButton } from './SubscribeButton.tsx';

/** The SDK's side: the view on screen that `capture()` gives. */
const embedded = (state: string) =>
  ({
    bookmarksManager: { capture: async () => ({ name: 'captura', state }) },
  }) as unknown as EmbedHandle;

const createdSubscription = {
  id: 3,
  reportUid: 'u-r1',
  reportName: 'Ventas generales',
  ownerId: 7,
  recipients: [7],
  recipientGroups: [] as string[],
  format: 'PDF',
  pages: [] as string[],
  bookmarkState: 'vista-filtrada',
  schedule: { frequency: 'weekly', time: '08:00', timeZone: 'America/Lima', days: [1] },
  startDate: '2026-11-28',
  subject: 'Ventas de mi región',
  message: '',
  paused: false,
};

describe('Suscribirse in the viewer', () => {
  it('starts a subscription to this report from the view on screen', async () => {
    const viewer = { ...administrator, id: 7, rol: 1 as const };
    const server = serveApi(({ method }) =>
      method === 'POST' ? { status: 201, body: createdSubscription } : { status: 200, body: [] },
    );
    signIn(viewer);
    renderApp(
      <SubscribeButton
        uid="u-r1"
        embed={embedded('vista-filtrada')}
        disabled={false}
        user={viewer}
        isAdministrator={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Suscribirse/ }));
    expect(
      await screen.findByText(
        'Se enviará el informe con la vista guardada (filtros, segmentaciones y página).',
      ),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Asunto'), 'Ventas de mi región');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        reportUid: 'u-r1',
        recipients: [7],
        bookmarkState: 'vista-filtrada',
        subject: 'Ventas de mi región',
      }),
    );
    expect(
      await screen.findByText('Suscripción guardada. La encontrará en Mis suscripciones.'),
    ).toBeTruthy();
  });
});
