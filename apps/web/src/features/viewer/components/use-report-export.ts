import type { ReportExport, ReportExportFormat } from '@vitrina/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import { fetchReportExport, fetchReportExportFile, startReportExport } from '../api/export-api.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Which pages go into the file: the one on screen, or every page of the report. */
export type ExportScope = 'current' | 'all';

/** What the export needs of the embedded report (powerbi-client 2.8's Report). */
interface ExportableReport {
  bookmarksManager: { capture(): Promise<{ state?: string }> };
  getPages(): Promise<{ name: string; isActive?: boolean }[]>;
}

/** How often the viewer asks how far the export got. */
const exportPollMs = 700;

const failedText = 'No se pudo exportar el informe. Intente nuevamente.';

/**
 * Exportar: the view is captured through the SDK (filters, slicers, drill, page) and exported by
 * the portal under the viewer's identity; the state is polled for its percentComplete, and the
 * file is saved under the report's name. A failure ends as a Spanish error to show.
 */
export function useReportExport(uid: string, embed: EmbedHandle | null) {
  const [percent, setPercent] = useState<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (format: ReportExportFormat, scope: ExportScope): Promise<void> => {
      const report = embed as unknown as ExportableReport | null;
      if (!report) return;
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
        while (job.status === 'NotStarted' || job.status === 'Running') {
          if (!mounted.current) return;
          setPercent(job.percentComplete);
          await new Promise((resolve) => setTimeout(resolve, exportPollMs));
          job = await fetchReportExport(uid, job.id);
        }
        if (job.status === 'Failed') throw new Error(job.message ?? failedText);
        setPercent(100);
        const file = await fetchReportExportFile(uid, job.id);
        if (mounted.current) saveFile(file, job.fileName ?? 'informe');
      } finally {
        if (mounted.current) setPercent(null);
      }
    },
    [uid, embed],
  );

  return { run, busy: percent !== null, percent: percent ?? 0 };
}
