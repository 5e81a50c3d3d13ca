import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { recordDownloads } from '../../../../test/downloads.ts';
import { serveApi, type RecordedRequest } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import { ExportMenu } from './ExportMenu.tsx';

/** The SDK's side of an export: the view `capture()` gives, and the page on screen. */
function embeddedReport(activePage: string, state: string) {
  const report = {
    bookmarksManager: { capture: async () => ({ name: 'captura', state }) },
    getPages: async () => [
      { name: 'ReportSection1', isActive: activePage === 'ReportSection1' },
      { name: 'ReportSection2', isActive: activePage === 'ReportSection2' },
    ],
  };
  return report as unknown as EmbedHandle;
}

/** The portal's export routes: one poll Running at 50 %, then how the export `ends`. */
function exportServer(ends: {
  status: 'Succeeded' | 'Failed';
  fileName?: string;
  message?: string;
}) {
  let polls = 0;
  return serveApi((request: RecordedRequest) => {
    if (request.method === 'DELETE')
      return { status: 200, body: { id: 'h-1', status: 'Failed', percentComplete: 50 } };
    if (request.method === 'POST')
      return { status: 202, body: { id: 'h-1', status: 'NotStarted', percentComplete: 0 } };
    if (request.path.endsWith('/file')) return { status: 200, body: '%PDF-1.7' };
    polls += 1;
    return {
      status: 200,
      body:
        polls < 2
          ? { id: 'h-1', status: 'Running', percentComplete: 50 }
          : { id: 'h-1', percentComplete: 100, ...ends },
    };
  });
}

/** The names of the files the page handed to the browser as downloads. */
const downloads = recordDownloads();

function renderMenu(embed = embeddedReport('ReportSection2', 'vista-1')) {
  signIn();
  renderApp(<ExportMenu uid="u-r1" embed={embed} disabled={false} />);
}

describe('Exportar in the viewer', () => {
  it('exports the page on screen with the captured view and saves the file by name', async () => {
    const server = exportServer({ status: 'Succeeded', fileName: 'Ventas generales.pdf' });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /Exportar$/ }));
    const current = await screen.findByRole('menuitemradio', { name: 'Página actual' });
    expect(current.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'PowerPoint' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Imagen (PNG)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'PDF' }));

    await screen.findByRole('button', { name: /Exportando… 50 %/ });
    await waitFor(() => expect(downloads).toEqual(['Ventas generales.pdf']), { timeout: 4000 });
    expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/viewer/report/u-r1/export',
      body: { format: 'PDF', pageName: 'ReportSection2', bookmarkState: 'vista-1' },
    });
    expect(server.requests.at(-1)?.path).toBe('/api/viewer/report/u-r1/export/h-1/file');
    await screen.findByRole('button', { name: /Exportar$/ });
  });

  it('exports every page when chosen, from the keyboard, the menu staying open for the choice', async () => {
    const server = exportServer({ status: 'Succeeded', fileName: 'Ventas generales.pptx' });
    renderMenu();
    (await screen.findByRole('button', { name: /Exportar$/ })).focus();
    await userEvent.keyboard('{Enter}');
    const all = await screen.findByRole('menuitemradio', { name: 'Todas las páginas' });
    await userEvent.click(all);
    expect(all.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'PowerPoint' }));
    await waitFor(() => expect(downloads).toEqual(['Ventas generales.pptx']), { timeout: 4000 });
    const started = server.requests.find((r) => r.method === 'POST');
    expect(started?.body).toEqual({ format: 'PPTX', bookmarkState: 'vista-1' });
  });

  it('says in Spanish why a failed export gave no file', async () => {
    exportServer({ status: 'Failed', message: 'Una visualización del informe falló: Ventas.' });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /Exportar$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Imagen (PNG)' }));
    await screen.findByText('Una visualización del informe falló: Ventas.', undefined, {
      timeout: 4000,
    });
    screen.getByText('No se pudo exportar');
    expect(downloads).toEqual([]);
  });

  it('cancels an export under way: the job is canceled, nothing is saved, no error shows', async () => {
    const server = exportServer({ status: 'Succeeded', fileName: 'Ventas generales.pdf' });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /Exportar$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    await screen.findByRole('button', { name: /Exportando… 50 %/ });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));

    await screen.findByRole('button', { name: /Exportar$/ });
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe(
        '/api/viewer/report/u-r1/export/h-1',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000)); // past the next poll
    expect(downloads).toEqual([]);
    expect(screen.queryByText('No se pudo exportar')).toBeNull();
  });
});
