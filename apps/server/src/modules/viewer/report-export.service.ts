import type { Kysely } from 'kysely';
import type {
  EffectiveIdentity,
  Export,
  ExportBookmark,
  ExportReportRequest,
} from '@vitrina/bi-model/rest';
import type { ReportExport, StartReportExport } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import { spanishBiMessage } from '../bi-client/bi-messages.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import type { PolicyUser } from '../permissions/permissions.policy.ts';
import { exportFileName } from './export-file-name.ts';
import type { ExportHandles } from './export-handles.ts';
import type { ViewerAccess, ViewerIdentities } from './viewer-access.ts';

const exportMessages = {
  notFound: 'La exportación no existe o no es suya.',
  dashboard: 'Informe: un panel no se puede exportar; solo los informes.',
  failed: 'No se pudo exportar el informe. Intente nuevamente.',
  notReady: 'La exportación todavía no terminó.',
  canceled: 'La exportación se canceló.',
} as const;

/** What an export shows: the format, the pages (none: every visible page) and the view state. */
export interface ExportView {
  format: ExportReportRequest['format'];
  pageNames: string[];
  bookmarkState?: string | undefined;
}

/** The view, as Export To File takes it, under the viewer's own identity. */
function exportRequestOf(
  { format, pageNames, bookmarkState }: ExportView,
  identity: EffectiveIdentity | undefined,
): ExportReportRequest {
  const bookmark: ExportBookmark | undefined = bookmarkState ? { state: bookmarkState } : undefined;
  // Chosen pages carry the state as their own bookmark; all pages take it as the default bookmark.
  const view =
    pageNames.length > 0
      ? { pages: pageNames.map((pageName) => ({ pageName, ...(bookmark ? { bookmark } : {}) })) }
      : bookmark
        ? { defaultBookmark: bookmark }
        : {};
  return {
    format,
    powerBIReportConfiguration: { ...view, ...(identity ? { identities: [identity] } : {}) },
  };
}

const viewOf = ({ format, pageName, bookmarkState }: StartReportExport): ExportView => ({
  format,
  pageNames: pageName ? [pageName] : [],
  bookmarkState,
});

/** A failed job's message, with the wait its Retry-After asks for before exporting again. */
function withRetryWait(message: string, seconds: number | undefined): string {
  if (!seconds) return message;
  const [count, unit] = seconds < 60 ? [seconds, 'segundo'] : [Math.ceil(seconds / 60), 'minuto'];
  return `${message} Podrá volver a intentarlo en ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

/** How Power BI, which has no cancel call, answers one: not found, or a refusal. */
const refusedByPowerBi = new Set<BiFailure>([BiFailure.notFound, BiFailure.rejected]);

/** How often a render waits on a running export, and for how long at most. */
const renderPollMs = 400;
const renderTimeoutMs = 10 * 60_000;

const reportRef = ({ workspace, report }: ReportPlacement) => ({
  workspaceId: workspace.id,
  reportId: report.id,
});

/**
 * "Exportar" in the viewer (issue 27): Power BI's Export To File of a report the user may open,
 * as they see it and under the RLS identity their embed token carries. Each start is audited;
 * polls and the file are for the user who started it only (decision 0249).
 */
export function createReportExportService(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  access: ViewerAccess;
  bi: Pick<BiClient, 'exportReport' | 'getExport' | 'exportFile' | 'cancelExport'>;
  handles: ExportHandles;
}) {
  const { access, handles } = deps;

  /** Starts the export of `view` as a user with `identities` (fail-closed, `asViewer`). */
  const startAs = (placement: ReportPlacement, identities: ViewerIdentities, view: ExportView) =>
    access.asViewer(placement, identities, (credentials, identity) =>
      deps.bi.exportReport(credentials, reportRef(placement), exportRequestOf(view, identity)),
    );

  /** `retryAfterSeconds`: the poll's Retry-After, said on a Failed job worth asking again. */
  function answerOf(
    job: Export & { retryAfterSeconds?: number },
    id: string,
    placement: ReportPlacement,
  ): ReportExport {
    const status = job.status === 'Undefined' ? 'NotStarted' : job.status;
    return {
      id,
      status,
      percentComplete: job.percentComplete,
      ...(status === 'Succeeded'
        ? { fileName: exportFileName(placement.report.name, job.resourceFileExtension ?? '') }
        : {}),
      ...(status === 'Failed'
        ? {
            message: withRetryWait(
              spanishBiMessage(job.error?.message, exportMessages.failed, job.error?.code),
              job.retryAfterSeconds,
            ),
          }
        : {}),
    };
  }

  /** The report and the BI service's export id, when `handle` is this user's export of `uid`. */
  async function exportOf(user: PolicyUser, uid: string, handle: string) {
    const placement = await access.openable(user, uid);
    const exportId = handles.open(user.id, uid, handle);
    if (exportId === undefined) throw appErrors.notFound(exportMessages.notFound);
    return { placement, exportId };
  }

  return {
    async start(
      user: PolicyUser,
      actor: Actor,
      uid: string,
      request: StartReportExport,
    ): Promise<ReportExport> {
      const placement = await access.openable(user, uid);
      if (placement.report.kind !== 'report') {
        throw new AppError('validation_failed', exportMessages.dashboard, { field: 'uid' });
      }
      const identities = await access.identitiesOf(user.id, placement.account.id);
      const job = await startAs(placement, identities, viewOf(request));
      await deps.audit.record(deps.db, actor, {
        action: 'report.export',
        targetType: 'report',
        targetId: uid,
        detail: {
          name: placement.report.name,
          format: request.format,
          pages: request.pageName ? [request.pageName] : 'all',
          identity: identities.mapped.length > 0,
          exportId: job.id,
        },
      });
      return answerOf(job, handles.issue(user.id, uid, job.id), placement);
    },

    async status(user: PolicyUser, uid: string, handle: string): Promise<ReportExport> {
      const { placement, exportId } = await exportOf(user, uid, handle);
      const job = await access.withAccount(placement, (credentials) =>
        deps.bi.getExport(credentials, reportRef(placement), exportId),
      );
      return answerOf(job, handle, placement);
    },

    /**
     * "Cancelar": the bundled service aborts the job (decision 0305). Power BI has no call for
     * it: there the job runs to its end on the capacity, and the viewer stops following it.
     */
    async cancel(user: PolicyUser, uid: string, handle: string): Promise<ReportExport> {
      const { placement, exportId } = await exportOf(user, uid, handle);
      const job = await access.withAccount(placement, (credentials) =>
        deps.bi.cancelExport(credentials, reportRef(placement), exportId).catch((error) => {
          if (error instanceof BiServiceError && refusedByPowerBi.has(error.failure)) return null;
          throw error;
        }),
      );
      if (job) return answerOf(job, handle, placement);
      return { id: handle, status: 'Failed', percentComplete: 0, message: exportMessages.canceled };
    },

    /** The file of a finished export, streamed from the BI service, with its download name. */
    async file(user: PolicyUser, uid: string, handle: string) {
      const { placement, exportId } = await exportOf(user, uid, handle);
      return access.withAccount(placement, async (credentials) => {
        const job = await deps.bi.getExport(credentials, reportRef(placement), exportId);
        if (job.status !== 'Succeeded') throw appErrors.conflict(exportMessages.notReady);
        const file = await deps.bi.exportFile(credentials, reportRef(placement), exportId);
        return {
          ...file,
          fileName: exportFileName(placement.report.name, job.resourceFileExtension ?? ''),
        };
      });
    },

    /**
     * A whole export for work without a viewer waiting (subscriptions): started under the
     * identity of a user with `identities`, exactly as their own "Exportar" would be, waited
     * for, and its file read into memory. Fails closed like `start`.
     */
    async render(placement: ReportPlacement, identities: ViewerIdentities, view: ExportView) {
      let job = await startAs(placement, identities, view);
      const deadline = Date.now() + renderTimeoutMs;
      return access.withAccount(placement, async (credentials) => {
        while (job.status !== 'Succeeded') {
          if (job.status === 'Failed' || Date.now() > deadline) {
            throw new Error(
              spanishBiMessage(job.error?.message, exportMessages.failed, job.error?.code),
            );
          }
          await new Promise((resolve) => setTimeout(resolve, renderPollMs));
          job = await deps.bi.getExport(credentials, reportRef(placement), job.id);
        }
        const file = await deps.bi.exportFile(credentials, reportRef(placement), job.id);
        const chunks: Buffer[] = [];
        for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
        return {
          content: Buffer.concat(chunks),
          contentType: file.contentType,
          fileName: exportFileName(placement.report.name, job.resourceFileExtension ?? ''),
        };
      });
    },
  };
}
export type ReportExportService = ReturnType<typeof createReportExportService>;
