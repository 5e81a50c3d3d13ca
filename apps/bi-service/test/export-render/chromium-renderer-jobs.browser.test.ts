import { execFileSync } from 'node:child_process';
import { chromiumAvailable, chromiumPath, warnBrowserSkipped } from '@vitrina/e2e/browser';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SharedChromium } from '../../src/modules/exports/render/shared-chromium.ts';
import { SALES, SALES_PAGES, useRenderer } from './renderer-harness.ts';

if (!chromiumAvailable) warnBrowserSkipped();

/** Pictures, and how the renderer's jobs end when they fail; PDF exports are in chromium-renderer. */
describe.skipIf(!chromiumAvailable)(
  'the export renderer in chromium: pictures and failures',
  { timeout: 180_000 },
  () => {
    const used = useRenderer();

    it('PNG: one page gives a PNG; two give a zip of one PNG per page', async () => {
      const one = await used.render(await used.service.request(SALES, 'PNG', ['ReportSection1']));
      expect(one.extension).toBe('.png');
      expect(one.file.subarray(1, 4).toString()).toBe('PNG');
      const two = await used.render(await used.service.request(SALES, 'PNG', SALES_PAGES));
      expect(two.extension).toBe('.zip');
      const entries = unzipSync(new Uint8Array(two.file));
      expect(Object.keys(entries)).toEqual(['01 Resumen.png', '02 Tendencias.png']);
      for (const png of Object.values(entries))
        expect(Buffer.from(png.subarray(1, 4)).toString()).toBe('PNG');
    });

    it('PNG of one visual: only its box, at twice its size', async () => {
      const request = await used.service.request('Lista larga', 'PNG', []);
      const result = await used.render({
        ...request,
        pages: [{ pageName: 'Lista', visualName: 'Tabla' }],
      });
      expect(result.extension).toBe('.png');
      // The table's box is 600 × 400 on the page (export-service.ts).
      expect([result.file.readUInt32BE(16), result.file.readUInt32BE(20)]).toEqual([1200, 800]);
    });

    it('PPTX: one slide per page, with the page name as text and the page as a picture', async () => {
      const result = await used.render(await used.service.request(SALES, 'PPTX', SALES_PAGES));
      expect(result.extension).toBe('.pptx');
      const entries = unzipSync(new Uint8Array(result.file));
      const slideXml = (n: number) => strFromU8(entries[`ppt/slides/slide${n}.xml`]!);
      expect(slideXml(1)).toContain('<a:t>Resumen</a:t>');
      expect(slideXml(2)).toContain('<a:t>Tendencias</a:t>');
      expect(entries['ppt/slides/slide3.xml']).toBeUndefined();
      const pictures = Object.keys(entries).filter((name) => /^ppt\/media\/.+\.png$/.test(name));
      expect(pictures).toHaveLength(2);
    });

    it('a visual that failed fails the export with its error, never a blank file', async () => {
      const request = await used.service.request('Visual roto', 'PDF', ['Lista']);
      await expect(used.render(request)).rejects.toThrow(/Todas las filas: .+/);
    });

    it('an abort mid-job rejects the job with its reason, and no more pages are drawn', async () => {
      const request = await used.service.request(SALES, 'PNG', [...SALES_PAGES, ...SALES_PAGES]);
      const aborter = new AbortController();
      const progress: number[] = [];
      const job = used.renderer.render(
        request,
        (done) => {
          progress.push(done);
          aborter.abort(new Error('tiempo agotado'));
        },
        aborter.signal,
      );
      await expect(job).rejects.toThrow('tiempo agotado');
      expect(progress).toEqual([1]);
    });

    it('restarts the browser after its number of jobs', async () => {
      const chromium = new SharedChromium({ executablePath: chromiumPath, restartAfterJobs: 1 });
      try {
        const first = await chromium.acquire();
        chromium.release(first);
        const second = await chromium.acquire();
        expect(second).not.toBe(first);
        await expect.poll(() => first.isConnected()).toBe(false);
        chromium.release(second);
      } finally {
        await chromium.close();
      }
    });

    it('kill -9 of the browser mid-job rejects that job, and the next job succeeds', async () => {
      const request = await used.service.request(SALES, 'PNG', [
        ...SALES_PAGES,
        ...SALES_PAGES,
        ...SALES_PAGES,
      ]);
      let killed = 0;
      const job = used.renderer.render(
        request,
        () => {
          // The renderer's browser is the one chromium this process runs now.
          if (killed) return;
          const running = childPids();
          for (const pid of running) process.kill(pid, 'SIGKILL');
          killed = running.length;
        },
        new AbortController().signal,
      );
      await expect(job).rejects.toThrow(/se cerró mientras dibujaba/);
      expect(killed).toBeGreaterThan(0);
      const next = await used.render(await used.service.request(SALES, 'PNG', ['ReportSection1']));
      expect(next.extension).toBe('.png');
    });
  },
);

/** Ids of this process's chromium children (the renderer starts chromium itself). */
function childPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), 'chromium'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
