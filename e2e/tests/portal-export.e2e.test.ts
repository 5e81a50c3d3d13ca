import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { snapFailure } from '../src/portal/screens.ts';
import { usePortal } from '../src/portal/suite.ts';
import { reportUid, waitForRendered } from '../src/portal/viewer.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const report = 'Ventas generales';

/**
 * Text without its spacing: the frame's no-break spaces and the PDF's layout spaces differ
 * ("562,46 M▼" on screen, "562,46 M ▼" in the PDF) where the figures do not.
 */
const unspaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, '');

/**
 * Exportar (issue 27) in chromium against the real portal and bundled BI service: the viewer's
 * menu downloads a PDF of the page on screen, named after the report, and the PDF's text holds
 * the very figures the frame shows.
 */
describe.skipIf(!chromiumAvailable)('portal: Exportar in the viewer', () => {
  const { stack, page: admin } = usePortal();
  let downloads = '';

  beforeAll(() => {
    mkdirSync(docsScreenshots, { recursive: true });
    downloads = mkdtempSync(join(tmpdir(), 'vitrina-export-'));
  });
  afterAll(() => rmSync(downloads, { recursive: true, force: true }));
  beforeEach(({ task }) => onTestFailed(() => snapFailure(admin(), task.name)));

  it('downloads a PDF of the page on screen whose text holds the figures shown', async () => {
    const page = admin();
    const uid = await reportUid(page, report);
    await page.goto(`${stack().portalUrl}/viewer/${encodeURIComponent(uid)}`);
    await waitForRendered(page);
    const frame = page.frameLocator('[data-testid="report-container"] iframe');
    const figures = (await frame.locator('[data-testid="card-value"]').allTextContents())
      .map(unspaced)
      .filter((figure) => /\d/.test(figure));
    expect(figures.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: /Exportar$/ }).click();
    const current = page.getByRole('menuitemradio', { name: 'Página actual' });
    expect(await current.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({
      path: resolve(docsScreenshots, 'visor-exportar.png'),
      animations: 'disabled',
    });

    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('menuitem', { name: 'PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${report}.pdf`);
    const path = join(downloads, file.suggestedFilename());
    await file.saveAs(path);
    const text = unspaced(execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }));
    for (const figure of figures) expect(text).toContain(figure);
    // The button is back, ready for another export.
    await page.getByRole('button', { name: /Exportar$/ }).waitFor();
  });
});
