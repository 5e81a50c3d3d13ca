import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accessReview, reviewLine } from '@vitrina/test-support/reviews';
import { recordDownloads } from '../../../../test/downloads.ts';
import { serveApi } from '../../../../test/api-mock.ts';
import { administrator, renderApp, signIn } from '../../../../test/render.tsx';
import { ReviewsPage } from './ReviewsPage.tsx';

const review = {
  ...accessReview([reviewLine(11, { username: 'lsilva', reportName: 'Ventas generales' })]),
  id: 3,
};

/** The names of the files the page handed to the browser as downloads. */
const downloads = recordDownloads();

describe('Revisiones de acceso', () => {
  it('downloads the review as PDF and as CSV, each named after the review', async () => {
    const server = serveApi(({ path }) => {
      if (path === '/api/reviews') return { status: 200, body: [review] };
      if (path === '/api/reviews/3') return { status: 200, body: review };
      if (path === '/api/reviews/3/pdf') return { status: 200, body: '%PDF-1.7' };
      if (path === '/api/reviews/3/csv') return { status: 200, body: 'Usuario;Informe' };
      return { status: 200, body: [] };
    });
    signIn();
    renderApp(<ReviewsPage user={administrator} />);
    await screen.findByText('lsilva');

    await userEvent.click(screen.getByRole('button', { name: /Exportar PDF/ }));
    await waitFor(() => expect(downloads).toEqual(['Revisión 3 - Comercial.pdf']));
    await userEvent.click(screen.getByRole('button', { name: /Descargar CSV/ }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe('Revisión 3 - Comercial.csv');
    const files = server.requests.filter((r) => /\/(pdf|csv)$/.test(r.path));
    expect(files.map((r) => r.path)).toEqual(['/api/reviews/3/pdf', '/api/reviews/3/csv']);
  });

  it('says so when the PDF cannot be made, and saves nothing', async () => {
    serveApi(({ path }) => {
      if (path === '/api/reviews') return { status: 200, body: [review] };
      if (path === '/api/reviews/3') return { status: 200, body: review };
      if (path === '/api/reviews/3/pdf')
        return { status: 404, body: { code: 'not_found', message: 'El elemento no existe.' } };
      return { status: 200, body: [] };
    });
    signIn();
    renderApp(<ReviewsPage user={administrator} />);
    await screen.findByText('lsilva');
    await userEvent.click(screen.getByRole('button', { name: /Exportar PDF/ }));
    expect(await screen.findByText('El elemento no existe.')).toBeTruthy();
    expect(downloads).toEqual([]);
  });
});
