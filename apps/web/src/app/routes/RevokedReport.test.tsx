import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig, viewerReportOf } from '../../../test/api-fixtures.ts';
import { serveApi } from '../../../test/api-mock.ts';
import { administrator, renderApp, signIn } from '../../../test/render.tsx';
import { ViewerRoute } from './viewer-route.tsx';

const reportPath = '/api/viewer/report/u-r1';
// Already inside the renewal lead: the viewer renews at its 10 s floor.
const viewerReport = viewerReportOf(60_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('an open report whose access is revoked', () => {
  it('tells the viewer and stops renewing the token once a renewal answers 403', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let reportCalls = 0;
    const server = serveApi(({ path }) => {
      if (path !== reportPath) return { status: 200, body: publicConfig };
      reportCalls += 1;
      return reportCalls === 1
        ? { status: 200, body: viewerReport }
        : { status: 403, body: { code: 'forbidden', message: 'Sin acceso.' } };
    });
    signIn({ ...administrator, rol: 1 });
    renderApp([{ path: '/viewer/:uid', element: <ViewerRoute /> }], '/viewer/u-r1');
    await screen.findByText('Ventas generales');

    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByText('Acceso denegado al informe.')).toBeTruthy();

    // A failure other than 403 would be retried after 30 s; a revoked report never is.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests.filter((r) => r.path === reportPath)).toHaveLength(2);
  });
});
