import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfig, viewerReportOf } from '../../../test/api-fixtures.ts';
import { serveApi } from '../../../test/api-mock.ts';
import { administrator, renderApp, signIn } from '../../../test/render.tsx';
import { ViewerRoute } from './viewer-route.tsx';

const viewerReport = viewerReportOf();

function openViewer(rol: 0 | 1, type = 'report') {
  const server = serveApi(({ path }) =>
    path === '/api/viewer/report/u-r1'
      ? { status: 200, body: { ...viewerReport, type } }
      : { status: 200, body: publicConfig },
  );
  signIn({ ...administrator, rol });
  renderApp([{ path: '/viewer/:uid', element: <ViewerRoute /> }], '/viewer/u-r1');
  return server;
}

describe('Editar in the viewer', () => {
  it('is offered to an administrator once the report is embedded', async () => {
    openViewer(0);
    expect(await screen.findByRole('button', { name: /Editar/ })).toBeTruthy();
  });

  it('is not shown to a viewer', async () => {
    const asViewer = openViewer(1);
    await screen.findByText('Ventas generales');
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
    // The viewer never even asks for an edit token.
    expect(asViewer.requests.map((r) => r.path)).not.toContain('/api/viewer/report/u-r1/edit');
  });

  it('is not shown on a dashboard, even to an administrator', async () => {
    openViewer(0, 'dashboard');
    await screen.findByText('Ventas generales');
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
  });
});
