import type { ReportExport, ReportExportFormat } from '@vitrina/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import {
  cancelReportExport,
  fetchReportExport,
  fetchReportExportFile,
  startReportExport,
} from '../api/export-api.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Which pages go into the file: the one on screen, or every page of the report. */
export type ExportScope = 'current' | 'all';

/** What the export needs of the embedded report (powerbi-client 2.8's Report). */
interface ExportableReport {
  bookmarksManager: { capture(): Promise<{ state?: string }> };
  getPages(): Promise<{ name: string; isActive?: boolean }[]>;
}

interface Followed {
  id?: string;
  canceled: boolean;
}

/** How often the viewer asks how far the export got. */
const exportPollMs = 700;

const failedText = 'No se pudo exportar el informe. Intente nuevamente.';

/**
 * Exportar: the view is captured through the SDK (filters, slicers, drill, page) and exported by
 * the portal under the viewer's identity; the state is polled for its percentComplete, and the
 * file is saved under the report's name. A failure ends as a Spanish error to show; `cancel`
 * stops following the export and asks the portal to cancel it, and ends it without an error.
 */
export function useReportExport(uid: string, embed: EmbedHandle | null) {
  const [percent, setPercent] = useState<number | null>(null);
  const mounted = useRef(true);
  /** The export being followed: its job's id once started, and whether the viewer canceled it. */
  const current = useRef<Followed | null>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const cancelJob = useCallback(
    (id: string) => void cancelReportExport(uid, id).catch(() => undefined),
    [uid],
  );

  const run = useCallback(
    async (format: ReportExportFormat, scope: ExportScope): Promise<void> => {
      const report = embed as unknown as ExportableReport | null;
      if (!report) return;
      const followed: Followed = { canceled: false };
      current.current = followed;
      const followedStill = () => mounted.current && !followed.canceled;
      setPercent(0);
      try {
        const [view, pages] = await Promise.all([
          report.bookmarksManager.capture(),
          scope === 'current' ? report.getPages() : Promise.resolve([]),
        ]);
        const pageName = pages.find((page) => page.isActive)?.name;
        let job: ReportExport = await startReportExport(uid, {
          format,
          ...(pageName ? { pageName } : {}),
          ...(view.state ? { bookmarkState: view.state } : {}),
        });
        followed.id = job.id;
        // Canceled while it was being started: it is canceled now that it has an id.
        if (followed.canceled) cancelJob(job.id);
        while (followedStill() && (job.status === 'NotStarted' || job.status === 'Running')) {
          setPercent(job.percentComplete);
          await new Promise((resolve) => setTimeout(resolve, exportPollMs));
          if (followedStill()) job = await fetchReportExport(uid, job.id);
        }
        if (!followedStill()) return;
        if (job.status === 'Failed') throw new Error(job.message ?? failedText);
        setPercent(100);
        const file = await fetchReportExportFile(uid, job.id);
        if (followedStill()) saveFile(file, job.fileName ?? 'informe');
      } catch (error) {
        // A canceled export ends quietly, whatever its last call answered.
        if (!followed.canceled) throw error;
      } finally {
        // A later export may have started since this one was canceled: its progress stays.
        if (current.current === followed) {
          current.current = null;
          if (mounted.current) setPercent(null);
        }
      }
    },
    [uid, embed, cancelJob],
  );

  /** "Cancelar": the button is free again at once; the portal cancels the job. */
  const cancel = useCallback(() => {
    const followed = current.current;
    if (!followed) return;
    followed.canceled = true;
    current.current = null;
    setPercent(null);
    if (followed.id) cancelJob(followed.id);
  }, [cancelJob]);

  return { run, cancel, busy: percent !== null, percent: percent ?? 0 };
}
