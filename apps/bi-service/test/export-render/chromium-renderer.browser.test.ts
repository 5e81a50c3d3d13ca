import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, chromiumPath, warnBrowserSkipped } from '@vitrina/e2e/browser';
import { unzipSync, strFromU8 } from 'fflate';
import { FilterType, type IBasicFilter } from '@vitrina/embed-sdk/protocol';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderRequest, RenderResult } from '../../src/modules/exports/export-renderer.ts';
import { ChromiumExportRenderer } from '../../src/modules/exports/render/chromium-renderer.ts';
import { FrameSession } from '../../src/modules/exports/render/frame-session.ts';
import { openHostContext } from '../../src/modules/exports/render/host-context.ts';
import { SharedChromium } from '../../src/modules/exports/render/shared-chromium.ts';
import {
  LONG_LIST_ROWS,
  rowCode,
  startExportService,
  type ExportService,
} from './export-service.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const SALES = 'Ventas generales';
const SALES_PAGES = ['ReportSection1', 'ReportSection2'];
const peru: IBasicFilter = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Tienda', column: 'País' },
  filterType: FilterType.Basic,
  operator: 'In',
  values: ['Perú'],
};

const sdkBundle = new URL('../../../../packages/embed-sdk/dist/powerbi.js', import.meta.url);
const workDir = mkdtempSync(join(tmpdir(), 'vitrina-export-files-'));
/** Every run of white space as one space: the frame writes figures with no-break spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** What one of poppler's tools prints about `file`. */
function poppler(tool: string, args: string[], file: Buffer): string {
  const path = join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, file);
  return execFileSync(tool, [...args, path, ...(tool === 'pdftotext' ? ['-'] : [])], {
    encoding: 'utf8',
  });
}
const pdfText = (file: Buffer) => flat(poppler('pdftotext', ['-layout'], file));
const pdfSheetText = (file: Buffer, sheet: number) =>
  flat(poppler('pdftotext', ['-f', String(sheet), '-l', String(sheet)], file));
const pdfPages = (file: Buffer) => Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', [], file))![1]);
/** pdffonts' rows, one per font (its two header lines left out). */
const pdfFonts = (file: Buffer) =>
  poppler('pdffonts', [], file).split('\n').slice(2).filter(Boolean);

describe.skipIf(!chromiumAvailable)('the export renderer in chromium', { timeout: 180_000 }, () => {
  let service: ExportService;
  let renderer: ChromiumExportRenderer;
  const render = (request: RenderRequest, progress: number[][] = []): Promise<RenderResult> =>
    renderer.render(
      request,
      (done, total) => progress.push([done, total]),
      new AbortController().signal,
    );

  beforeAll(async () => {
    service = await startExportService();
    renderer = new ChromiumExportRenderer({
      serviceOrigin: service.url,
      executablePath: chromiumPath,
    });
  }, 120_000);
  afterAll(async () => {
    await renderer?.close();
    await service?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  /** `look` at the frame embedded (as a job embeds it) for `request`, in a browser of its own. */
  async function withFrame<T>(
    request: RenderRequest,
    look: (opened: { host: Page; frame: Frame; session: FrameSession }) => Promise<T>,
  ): Promise<T> {
    const chromium = new SharedChromium({ executablePath: chromiumPath, restartAfterJobs: 1 });
    const browser = await chromium.acquire();
    try {
      const prepared = await openHostContext(browser, service.url, readFileSync(sdkBundle, 'utf8'));
      const session = await FrameSession.open(prepared, request, service.url);
      const frame = prepared.host.frames().find((f) => f !== prepared.host.mainFrame())!;
      return await look({ host: prepared.host, frame, session });
    } finally {
      await chromium.close();
    }
  }

  /** The card values the frame shows on screen for `request` (its filters and page). */
  function cardsOnScreen(request: RenderRequest): Promise<{ values: string[]; state: string }> {
    return withFrame(request, async ({ frame, session }) => ({
      values: await frame
        .locator('.report-main .visual-card [data-testid="card-value"]')
        .allTextContents(),
      state: session.initialState,
    }));
  }

  it("the browser's own print of a page with the frame shows the page on screen, not a blank sheet", async () => {
    const request = await service.request(SALES, 'PDF', ['ReportSection1']);
    const text = await withFrame(request, async ({ host }) => pdfText(await host.pdf()));
    expect(text).toContain('Ventas generales · Retail Andino');
    expect(text).toContain('S/ 11,23 M');
  });

  it('a PDF shows, as text with embedded fonts, the values the frame shows for the same filter', async () => {
    const request = { ...(await service.request(SALES, 'PDF', SALES_PAGES)), filters: [peru] };
    const shown = await cardsOnScreen(request);
    expect(shown.values.length).toBeGreaterThan(2);
    const progress: number[][] = [];
    const result = await render(request, progress);
    expect(result.extension).toBe('.pdf');
    const text = pdfText(result.file);
    for (const value of shown.values) expect(text).toContain(flat(value));
    // The whole company's sales (no filter) are not what Perú sees.
    expect(text).not.toContain('S/ 11,23 M');
    expect(text).toContain('Resumen');
    expect(text).toContain('Tendencias');
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const fonts = pdfFonts(result.file);
    expect(fonts.length).toBeGreaterThan(0);
    // pdffonts' "emb" column: every font is embedded.
    for (const font of fonts) expect(font).toMatch(/\s(yes)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
  });

  it('a PDF has the pages asked for, in their order and as often as asked', async () => {
    const asked = ['ReportSection2', 'ReportSection1', 'ReportSection2'];
    const progress: number[][] = [];
    const result = await render(await service.request(SALES, 'PDF', asked), progress);
    // Each sheet starts with its page's title (the frame's print view).
    const titles = Array.from(
      { length: pdfPages(result.file) },
      (_, index) =>
        pdfSheetText(result.file, index + 1)
          .trim()
          .split(' ')[0],
    );
    expect(titles).toEqual(['Tendencias', 'Resumen', 'Tendencias']);
    expect(progress.at(-1)).toEqual([3, 3]);
  });

  it('a table of 2,000 rows exports every row, over as many sheets as needed', async () => {
    const result = await render(await service.request('Lista larga', 'PDF', ['Lista']));
    const text = pdfText(result.file);
    const missing = Array.from({ length: LONG_LIST_ROWS }, (_, i) => rowCode(i)).filter(
      (code) => !text.includes(code),
    );
    expect(missing).toEqual([]);
    expect(pdfPages(result.file)).toBeGreaterThan(10);
  });

  it('a captured bookmark state round-trips into the export', async () => {
    const filtered = { ...(await service.request(SALES, 'PDF', SALES_PAGES)), filters: [peru] };
    const { state, values } = await cardsOnScreen(filtered);
    const plain = await service.request(SALES, 'PDF', ['ReportSection1']);
    const withState = {
      ...plain,
      pages: [{ pageName: 'ReportSection1', bookmarkState: state }],
    };
    const text = pdfText((await render(withState)).file);
    for (const value of values) expect(text).toContain(flat(value));
    expect(text).not.toContain('S/ 11,23 M');
    // Without the state, the same page shows the whole company.
    expect(pdfText((await render(plain)).file)).toContain('S/ 11,23 M');
  });

  it('PNG: one page gives a PNG; two give a zip of one PNG per page', async () => {
    const one = await render(await service.request(SALES, 'PNG', ['ReportSection1']));
    expect(one.extension).toBe('.png');
    expect(one.file.subarray(1, 4).toString()).toBe('PNG');
    const two = await render(await service.request(SALES, 'PNG', SALES_PAGES));
    expect(two.extension).toBe('.zip');
    const entries = unzipSync(new Uint8Array(two.file));
    expect(Object.keys(entries)).toEqual(['01 Resumen.png', '02 Tendencias.png']);
    for (const png of Object.values(entries))
      expect(Buffer.from(png.subarray(1, 4)).toString()).toBe('PNG');
  });

  it('PNG of one visual: only its box, at twice its size', async () => {
    const request = await service.request('Lista larga', 'PNG', []);
    const result = await render({
      ...request,
      pages: [{ pageName: 'Lista', visualName: 'Tabla' }],
    });
    expect(result.extension).toBe('.png');
    // The table's box is 600 × 400 on the page (export-service.ts).
    expect([result.file.readUInt32BE(16), result.file.readUInt32BE(20)]).toEqual([1200, 800]);
  });

  it('PPTX: one slide per page, with the page name as text and the page as a picture', async () => {
    const result = await render(await service.request(SALES, 'PPTX', SALES_PAGES));
    expect(result.extension).toBe('.pptx');
    const entries = unzipSync(new Uint8Array(result.file));
    const slideXml = (n: number) => strFromU8(entries[`ppt/slides/slide${n}.xml`]!);
    expect(slideXml(1)).toContain('<a:t>Resumen</a:t>');
    expect(slideXml(2)).toContain('<a:t>Tendencias</a:t>');
    expect(entries['ppt/slides/slide3.xml']).toBeUndefined();
    const pictures = Object.keys(entries).filter((name) => /^ppt\/media\/.+\.png$/.test(name));
    expect(pictures).toHaveLength(2);
  });

  it('a paginated report exports every page of its table to PDF', async () => {
    const request = {
      ...(await service.request('Listado de ventas por tienda', 'PDF', [])),
      paginated: { parameterValues: [] },
    };
    const progress: number[][] = [];
    const result = await render(request, progress);
    expect(result.extension).toBe('.pdf');
    const text = pdfText(result.file);
    const sheets = pdfPages(result.file);
    expect(sheets).toBeGreaterThan(1);
    // Each sheet's footer, as the frame writes it: "Página n de N".
    expect(text).toContain(`Página ${sheets} de ${sheets}`);
    expect(progress).toEqual([[1, 1]]);
  });

  it('a visual that failed fails the export with its error, never a blank file', async () => {
    const request = await service.request('Visual roto', 'PDF', ['Lista']);
    await expect(render(request)).rejects.toThrow(/Todas las filas: .+/);
  });

  it('an abort mid-job rejects the job with its reason, and no more pages are drawn', async () => {
    const request = await service.request(SALES, 'PNG', [...SALES_PAGES, ...SALES_PAGES]);
    const aborter = new AbortController();
    const progress: number[] = [];
    const job = renderer.render(
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
    const request = await service.request(SALES, 'PNG', [
      ...SALES_PAGES,
      ...SALES_PAGES,
      ...SALES_PAGES,
    ]);
    let killed = 0;
    const job = renderer.render(
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
    const next = await render(await service.request(SALES, 'PNG', ['ReportSection1']));
    expect(next.extension).toBe('.png');
  });
});

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
