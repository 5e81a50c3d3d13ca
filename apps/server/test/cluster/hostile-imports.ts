import { expect, it } from 'vitest';
import type { DeployedStack } from './deployed-stack.ts';
import { wideCsv, xlsxBomb } from './hostile-files.ts';
import type { ProductionContent } from './production-content.ts';
import type { ProxiedCalls } from './proxied-calls.ts';
import { powerBiError } from './proxy-client.ts';
import { importFile, watchedImport } from './upload-attacks.ts';

const mib = 1024 * 1024;
/** The bound issue 24 sets: the BI process stays under 1 GB during a hostile import. */
const rssBound = 1024 * mib;
/** Past this the watch kills the process: the case has failed and the machine is shared. */
const killAbove = 1536 * mib;

interface Context {
  stack: DeployedStack;
  calls: ProxiedCalls;
  content: ProductionContent;
  principal: string;
}

const files = [
  { label: 'XLSX bomb (500 MB of sheet XML)', fileName: 'bomba.xlsx', make: () => xlsxBomb() },
  { label: 'CSV of 10,000 columns', fileName: 'ancho.csv', make: async () => wideCsv() },
];

/**
 * The hostile imports, uploaded through nginx to the BI host's Imports API: each is refused
 * (400-class, Power BI's error shape) within 60 s while the BI process stays under 1 GB. The peak
 * memory and the longest /health stall are printed for the record, not asserted.
 */
export function hostileImportCases(context: () => Context): void {
  for (const file of files) {
    it(`${file.label}: refused within 60 s, the BI service under 1 GB`, async () => {
      const { stack, calls, content, principal } = context();
      const bytes = await file.make();
      const outcome = await watchedImport(
        { pid: stack.bi.child.pid!, healthUrl: `${stack.biUrl}/health` },
        () => importFile(calls, principal, content.workspaceId, file.fileName, bytes),
        killAbove,
      );
      const { answer, elapsedMs, figures } = outcome;
      console.info(
        `[${file.label}] ${(bytes.length / mib).toFixed(1)} MB file answered ` +
          `${answer?.status ?? 'nothing'} in ${(elapsedMs / 1000).toFixed(1)} s; BI peak RSS ` +
          `${(figures.peakRssBytes / mib).toFixed(0)} MB${figures.killed ? ' (killed)' : ''}; ` +
          `longest /health stall ${figures.longestHealthStallMs.toFixed(0)} ms`,
      );
      expect(figures.killed).toBe(false);
      expect(figures.peakRssBytes).toBeLessThan(rssBound);
      expect(elapsedMs).toBeLessThan(60_000);
      expect(answer?.status).toBeGreaterThanOrEqual(400);
      expect(answer?.status).toBeLessThan(500);
      expect(powerBiError(answer!), answer?.text).toBeDefined();
    }, 120_000);
  }
}
