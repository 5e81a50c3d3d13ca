import type { Export } from '@vitrina/bi-model/rest';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import type { PolicyUser } from '../permissions/permissions.policy.ts';
import { createExportHandles } from './export-handles.ts';
import { createReportExportService } from './report-export.service.ts';
import type { ViewerAccess } from './viewer-access.ts';

const placement = {
  account: { id: 1 },
  workspace: { id: 'ws' },
  report: { id: 'rep', name: 'Ventas generales', kind: 'report' },
} as unknown as ReportPlacement;
const user = { id: 7 } as PolicyUser;
const handles = createExportHandles(Buffer.alloc(32, 1));
const handle = handles.issue(user.id, 'u-1', 'job-1');
const failedJob = (code: string, message: string): Export => ({
  id: 'job-1',
  createdDateTime: '2026-11-28T07:00:00Z',
  lastActionDateTime: '2026-11-28T07:00:02Z',
  reportId: 'rep',
  reportName: 'Ventas generales',
  status: 'Failed',
  percentComplete: 40,
  error: { code, message },
});

/** The service over a BI client whose cancel and poll calls answer as given. */
function serviceWith(
  cancelExport: () => Promise<Export>,
  getExport: () => Promise<Export & { retryAfterSeconds?: number }> = cancelExport,
) {
  const canceled: string[] = [];
  const access = {
    openable: async () => placement,
    withAccount: (_: ReportPlacement, work: (credentials: unknown) => Promise<unknown>) => work({}),
  } as unknown as ViewerAccess;
  const bi = {
    cancelExport: async (_credentials: unknown, _report: unknown, exportId: string) => {
      canceled.push(exportId);
      return cancelExport();
    },
    getExport,
  } as never;
  const service = createReportExportService({
    db: {} as Kysely<Database>,
    audit: {} as AuditLog,
    access,
    bi,
    handles,
  });
  return { service, canceled };
}

describe("the viewer's Cancelar", () => {
  it('cancels the job on the bundled service and answers its end in Spanish', async () => {
    const { service, canceled } = serviceWith(async () =>
      failedJob('ExportCanceled', 'La exportación se canceló a pedido'),
    );
    const answer = await service.cancel(user, 'u-1', handle);
    expect(canceled).toEqual(['job-1']);
    expect(answer).toEqual({
      id: handle,
      status: 'Failed',
      percentComplete: 40,
      message: 'La exportación se canceló.',
    });
  });

  it('on Power BI, which has no cancel call, stops following the job', async () => {
    const { service } = serviceWith(() =>
      Promise.reject(new BiServiceError(BiFailure.notFound, 'DELETE …/exports/job-1: HTTP 404')),
    );
    const answer = await service.cancel(user, 'u-1', handle);
    expect(answer).toMatchObject({ status: 'Failed', message: 'La exportación se canceló.' });
  });

  it("refuses another user's export", async () => {
    const { service, canceled } = serviceWith(() => Promise.reject(new Error('not called')));
    await expect(service.cancel({ id: 8 } as PolicyUser, 'u-1', handle)).rejects.toThrow(
      'no es suya',
    );
    expect(canceled).toEqual([]);
  });
});

describe('a failed export worth asking again', () => {
  const busy = () => failedJob('ServiceUnavailable', 'El servicio se reinició');
  const reject = () => Promise.reject(new Error('not called'));

  it('says in Spanish how long to wait, from the poll’s Retry-After', async () => {
    const { service } = serviceWith(reject, async () => ({ ...busy(), retryAfterSeconds: 30 }));
    expect((await service.status(user, 'u-1', handle)).message).toBe(
      'El servicio de BI estaba ocupado o se reinició durante la exportación; vuelva a exportar. Podrá volver a intentarlo en 30 segundos.',
    );
  });

  it('counts a long wait in minutes, and says nothing of a wait without Retry-After', async () => {
    const long = serviceWith(reject, async () => ({ ...busy(), retryAfterSeconds: 90 })).service;
    expect((await long.status(user, 'u-1', handle)).message).toMatch(/en 2 minutos\.$/);
    const none = serviceWith(reject, async () => busy()).service;
    expect((await none.status(user, 'u-1', handle)).message).toMatch(/vuelva a exportar\.$/);
  });
});
