/**
 * Export To File jobs (issue 27): ExportTo checks the request against the report and mints the
 * job's embed token (the same checks as GenerateToken, identities fail closed), then queues the
 * job; the renderer draws it and the file waits 24 h under the data directory. Jobs live in the
 * store, so after a restart the unfinished ones answer Failed with Retry-After.
 */
import type { AnyDefinition, ExportReportRequest } from '@vitrina/bi-model';
import type { Clock } from '../../platform/clock.ts';
import { newGuid } from '../../platform/ids.ts';
import { entityNotFound, tooManyRequests } from '../../http/powerbi-error.ts';
import type { ContentRepository } from '../content/content.repository.ts';
import type { ContentService } from '../content/content.service.ts';
import { createPresenters } from '../content/presenters.ts';
import type { VerifiedCaller } from '../identity/access-token.ts';
import type { EmbedTokenService } from '../embed-tokens/embed-token.service.ts';
import type { MemberWorkspace } from '../workspaces/workspaces.service.ts';
import type { ExportSettings } from '../../config.ts';
import type { ExportFiles } from './export-files.ts';
import { planExport } from './export-plan.ts';
import {
  createExportQueue,
  ExportCanceled,
  ExportTimeout,
  ServiceClosing,
} from './export-queue.ts';
import type { ExportRenderer, RenderRequest } from './export-renderer.ts';
import type { ExportFailure, ExportJobRow, ExportsRepository } from './exports.repository.ts';

/** Power BI keeps an export's file for 24 hours. */
const EXPORT_KEPT_MS = 24 * 60 * 60 * 1000;
/** What a busy or interrupted export tells callers to wait before asking again. */
const BUSY_RETRY_AFTER_S = 30;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

class RendererUnavailable extends Error {}

interface Dependencies {
  repository: ExportsRepository;
  files: ExportFiles;
  renderer: ExportRenderer;
  content: ContentRepository;
  access: ContentService;
  embedTokens: EmbedTokenService;
  clock: Clock;
  settings: ExportSettings;
  publicUrl: string;
}

/** A job the service stopped (or lost in a restart): worth asking again, as Power BI's busy. */
const interrupted = (message: string): ExportFailure => ({
  code: 'ServiceUnavailable',
  message,
  retryAfterSeconds: BUSY_RETRY_AFTER_S,
});

function failureOf(error: unknown, signal: AbortSignal): ExportFailure {
  const reason: unknown = signal.aborted ? signal.reason : error;
  if (reason instanceof ServiceClosing) return interrupted(reason.message);
  if (reason instanceof ExportTimeout) return { code: 'ExportTimedOut', message: reason.message };
  if (reason instanceof ExportCanceled) return { code: 'ExportCanceled', message: reason.message };
  if (reason instanceof RendererUnavailable)
    return { code: 'ExportUnavailable', message: reason.message };
  const message = reason instanceof Error ? reason.message : String(reason);
  return { code: 'ExportFailed', message };
}

export function createExportService(deps: Dependencies) {
  const { repository, files, renderer, clock } = deps;
  const queue = createExportQueue(deps.settings);
  const present = createPresenters(deps.publicUrl);
  const expiry = () => new Date(clock.now().getTime() + EXPORT_KEPT_MS).toISOString();

  // Nothing draws the jobs an earlier process left unfinished: they fail, retryable.
  const recovered = repository.failUnfinished(
    interrupted('El servicio se reinició durante la exportación; vuelva a pedirla'),
    expiry(),
  );
  recovered.catch(() => undefined);

  async function runJob(id: string, request: RenderRequest, signal: AbortSignal): Promise<void> {
    let written = repository.progress(id, 'Running', 0);
    const onProgress = (done: number, total: number) => {
      // 100 is Succeeded's alone: the file is not written yet.
      const percent = total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0;
      written = written.then(() => repository.progress(id, 'Running', percent));
    };
    try {
      const availability = await renderer.availability();
      if (!availability.available) throw new RendererUnavailable(availability.reason);
      const result = await renderer.render(request, onProgress, signal);
      signal.throwIfAborted();
      await written;
      await files.write(id, result.extension, result.file);
      await repository.succeed(id, result.extension, expiry());
    } catch (error) {
      await written.catch(() => undefined);
      await repository.fail(id, failureOf(error, signal), expiry());
    }
  }

  /** The job if it belongs to this report of this workspace and has not expired; else 404. */
  async function jobOf(member: MemberWorkspace, reportId: string, exportId: string) {
    await recovered;
    const job = await repository.get(exportId);
    const expired =
      job?.expiresAt !== null &&
      job?.expiresAt !== undefined &&
      job.expiresAt <= clock.now().toISOString();
    if (
      !job ||
      expired ||
      job.workspaceId !== member.workspace.id ||
      job.reportId !== reportId.toLowerCase()
    )
      throw entityNotFound(`Export ${exportId}`);
    return job;
  }

  async function sweep(): Promise<void> {
    for (const job of await repository.removeExpired(clock.now().toISOString()))
      if (job.fileExtension) await files.remove(job.id, job.fileExtension);
  }
  const sweeper = setInterval(() => void sweep().catch(() => undefined), SWEEP_EVERY_MS);
  sweeper.unref();

  /**
   * Stops the jobs and the browser (run as the app closes, while the frame can still be
   * reached): running jobs are aborted and, with the waiting ones, end Failed with Retry-After;
   * closing the browser ends its connections, which the listener's close would wait for. Safe
   * to repeat.
   */
  async function stop(): Promise<void> {
    clearInterval(sweeper);
    await queue.close();
    await repository.failUnfinished(
      interrupted('El servicio se detuvo antes de terminar la exportación; vuelva a pedirla'),
      expiry(),
    );
    await renderer.close();
  }

  return {
    /** `POST …/ExportTo`: 400 for what the report cannot export, 429 when the queue is full. */
    async start(
      caller: VerifiedCaller,
      member: MemberWorkspace,
      reportId: string,
      body: ExportReportRequest,
    ): Promise<ExportJobRow> {
      await recovered;
      const { report, datasetWorkspaceId } = await deps.access.report(
        member.workspace.id,
        reportId,
      );
      const definition = (await deps.content.getDefinition(report.id)) as AnyDefinition;
      const plan = planExport(definition, body);
      const identities =
        body.powerBIReportConfiguration?.identities ??
        body.paginatedReportConfiguration?.identities;
      const token = await deps.embedTokens.forReport(caller, member, report.id, { identities });
      const id = newGuid();
      const request: RenderRequest = {
        ...plan,
        groupId: member.workspace.id,
        reportId: report.id,
        reportName: report.name,
        embedUrl: present.report(report, datasetWorkspaceId).embedUrl,
        accessToken: token.token,
        identityKey: JSON.stringify([caller.principal.kind, caller.principal.id, identities ?? []]),
      };
      await repository.create({
        id,
        workspaceId: member.workspace.id,
        reportId: report.id,
        reportName: report.name,
        format: plan.format,
      });
      if (!queue.offer({ id, run: (signal) => runJob(id, request, signal) })) {
        await repository.remove(id);
        throw tooManyRequests('Too many export jobs are waiting; retry later', BUSY_RETRY_AFTER_S);
      }
      return (await repository.get(id))!;
    },

    /** The membership behind a `myorg` call, which names no workspace: the report's own. */
    async memberForReport(caller: VerifiedCaller, reportId: string): Promise<MemberWorkspace> {
      const report = await deps.content.getReport(reportId);
      if (!report) throw entityNotFound(`Report ${reportId}`);
      return deps.access.membership(caller.principal, report.workspaceId);
    },

    job: jobOf,

    /**
     * Cancels an unfinished job (decision 0305; Power BI has no such call): it leaves the queue
     * or its drawing is aborted, and it ends Failed with `ExportCanceled`, not worth retrying. A
     * finished job is answered as it is.
     */
    async cancel(member: MemberWorkspace, reportId: string, exportId: string) {
      const job = await jobOf(member, reportId, exportId);
      if (job.status === 'Succeeded' || job.status === 'Failed') return job;
      const canceled = new ExportCanceled('La exportación se canceló a pedido');
      queue.cancel(job.id, canceled);
      await repository.fail(
        job.id,
        { code: 'ExportCanceled', message: canceled.message },
        expiry(),
      );
      return (await repository.get(job.id))!;
    },

    /** The finished job's file on disk; 404 once it has expired or was never made. */
    async file(member: MemberWorkspace, reportId: string, exportId: string) {
      const job = await jobOf(member, reportId, exportId);
      if (
        job.status !== 'Succeeded' ||
        !job.fileExtension ||
        !(await files.exists(job.id, job.fileExtension))
      )
        throw entityNotFound(`File of export ${exportId}`);
      return { job, path: files.pathOf(job.id, job.fileExtension) };
    },

    /** Deletes the jobs and files past their 24 h (also run every 10 minutes). */
    sweep,

    availability: () => renderer.availability(),

    /** Where the service listens (loopback), for a renderer that loads the frame from there. */
    listeningAt: (origin: string) => renderer.listeningAt?.(origin),

    stop,

    /** Stops jobs and browser, then removes the files' directory when it was temporary. */
    async close(): Promise<void> {
      await stop();
      files.close();
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
