import { readFileSync } from 'node:fs';
import { chromiumAvailable, chromiumPath, warnBrowserSkipped } from '@vitrina/e2e/browser';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../../src/modules/exports/export-renderer.ts';
import { FrameSession } from '../../src/modules/exports/render/frame-session.ts';
import { openHostContext } from '../../src/modules/exports/render/host-context.ts';
import { SharedChromium } from '../../src/modules/exports/render/shared-chromium.ts';
import { LONG_LIST_ROWS, rowCode } from './export-service.ts';
import {
  SALES,
  SALES_PAGES,
  flat,
  pdfFonts,
  pdfPages,
  pdfSheetText,
  pdfText,
  peru,
  useRenderer,
} from './renderer-harness.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const sdkBundle = new URL('../../../../packages/embed-sdk/dist/powerbi.js', import.meta.url);

/** PDF exports; pictures and the renderer's failures are in chromium-renderer-jobs. */
describe.skipIf(!chromiumAvailable)(
  'the export renderer in chromium: PDF',
  { timeout: 180_000 },
  () => {
    const used = useRenderer();

    /** `look` at the frame embedded (as a job embeds it) for `request`, in a browser of its own. */
    async function withFrame<T>(
      request: RenderRequest,
      look: (opened: { host: Page; frame: Frame; session: FrameSession }) => Promise<T>,
    ): Promise<T> {
      const chromium = new SharedChromium({ executablePath: chromiumPath, restartAfterJobs: 1 });
      const browser = await chromium.acquire();
      try {
        const prepared = await openHostContext(
          browser,
          used.service.url,
          readFileSync(sdkBundle, 'utf8'),
        );
        const session = await FrameSession.open(prepared, request, used.service.url);
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
      const request = await used.service.request(SALES, 'PDF', ['ReportSection1']);
      const text = await withFrame(request, async ({ host }) => pdfText(await host.pdf()));
      expect(text).toContain('Ventas generales · Retail Andino');
      expect(text).toContain('S/ 11,23 M');
    });

    it('a PDF shows, as text with embedded fonts, the values the frame shows for the same filter', async () => {
      const request = {
        ...(await used.service.request(SALES, 'PDF', SALES_PAGES)),
        filters: [peru],
      };
      const shown = await cardsOnScreen(request);
      expect(shown.values.length).toBeGreaterThan(2);
      const progress: number[][] = [];
      const result = await used.render(request, progress);
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
      for (const font of fonts)
        expect(font).toMatch(/\s(yes)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    });

    it('a PDF has the pages asked for, in their order and as often as asked', async () => {
      const asked = ['ReportSection2', 'ReportSection1', 'ReportSection2'];
      const progress: number[][] = [];
      const result = await used.render(await used.service.request(SALES, 'PDF', asked), progress);
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
      const result = await used.render(await used.service.request('Lista larga', 'PDF', ['Lista']));
      const text = pdfText(result.file);
      const missing = Array.from({ length: LONG_LIST_ROWS }, (_, i) => rowCode(i)).filter(
        (code) => !text.includes(code),
      );
      expect(missing).toEqual([]);
      expect(pdfPages(result.file)).toBeGreaterThan(10);
    });

    it('a captured bookmark state round-trips into the export', async () => {
      const filtered = {
        ...(await used.service.request(SALES, 'PDF', SALES_PAGES)),
        filters: [peru],
      };
      const { state, values } = await cardsOnScreen(filtered);
      const plain = await used.service.request(SALES, 'PDF', ['ReportSection1']);
      const withState = {
        ...plain,
        pages: [{ pageName: 'ReportSection1', bookmarkState: state }],
      };
      const text = pdfText((await used.render(withState)).file);
      for (const value of values) expect(text).toContain(flat(value));
      expect(text).not.toContain('S/ 11,23 M');
      // Without the state, the same page shows the whole company.
      expect(pdfText((await used.render(plain)).file)).toContain('S/ 11,23 M');
    });

    it('a paginated report exports every page of its table to PDF', async () => {
      const request = {
        ...(await used.service.request('Listado de ventas por tienda', 'PDF', [])),
        paginated: { parameterValues: [] },
      };
      const progress: number[][] = [];
      const result = await used.render(request, progress);
      expect(result.extension).toBe('.pdf');
      const text = pdfText(result.file);
      const sheets = pdfPages(result.file);
      expect(sheets).toBeGreaterThan(1);
      // Each sheet's footer, as the frame writes it: "Página n de N".
      expect(text).toContain(`Página ${sheets} de ${sheets}`);
      expect(progress).toEqual([[1, 1]]);
    });
  },
);
