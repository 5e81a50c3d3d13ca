/**
 * Where a warm export's time goes (not a test): the export renderer in this process, on the demo
 * service started in this process too (20,000 sales rows, as the renderer's tests), exports the
 * 2-page report *Ventas generales* as PDF, PNG and PPTX; after one cold job per format, the
 * median of each step over the warm jobs (context, embed to `rendered`, print layout, pdf…), as
 * the renderer times them. REST, the queue and the job store are left out: `export` has those.
 *
 *   npm run bench -- export-steps      (EXPORT_WARM_RUNS, default 5)
 */
import { performance } from 'node:perf_hooks';
import { ChromiumExportRenderer } from '../../apps/bi-service/src/modules/exports/render/chromium-renderer.ts';
import type { StepTimes } from '../../apps/bi-service/src/modules/exports/render/step-times.ts';
import { startExportService } from '../../apps/bi-service/test/export-render/export-service.ts';

const warmRuns = Number(process.env['EXPORT_WARM_RUNS'] ?? 5);
const formats = ['PDF', 'PNG', 'PPTX'] as const;
const pages = ['ReportSection1', 'ReportSection2'];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const service = await startExportService();
let lastSteps: StepTimes = {};
const renderer = new ChromiumExportRenderer({
  serviceOrigin: service.url,
  onStepTimes: (times) => (lastSteps = times),
});
try {
  console.log(`Export steps, "Ventas generales" (2 pages), renderer in process, warm medians:`);
  for (const format of formats) {
    const totals: number[] = [];
    const steps = new Map<string, number[]>();
    for (let run = 0; run <= warmRuns; run++) {
      const request = await service.request('Ventas generales', format, pages);
      const started = performance.now();
      await renderer.render(request, () => {}, new AbortController().signal);
      if (run === 0) continue; // cold: Chromium starts, the first context is made in the job
      totals.push(performance.now() - started);
      for (const [step, ms] of Object.entries(lastSteps))
        steps.set(step, [...(steps.get(step) ?? []), ms]);
    }
    const parts = [...steps].map(([step, ms]) => `${step} ${Math.round(median(ms))}`);
    console.log(`  ${format.padEnd(5)} ${Math.round(median(totals))} ms: ${parts.join(', ')}`);
  }
} finally {
  await renderer.close();
  await service.close();
}
