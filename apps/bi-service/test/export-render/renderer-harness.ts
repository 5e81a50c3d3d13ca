/**
 * What the export renderer's chromium tests share: the demo service and one renderer per file
 * (the files run side by side), the requests they ask for, and poppler's view of a PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '@vitrina/e2e/browser';
import { FilterType, type IBasicFilter } from '@vitrina/embed-sdk/protocol';
import { afterAll, beforeAll } from 'vitest';
import type { RenderRequest, RenderResult } from '../../src/modules/exports/export-renderer.ts';
import { ChromiumExportRenderer } from '../../src/modules/exports/render/chromium-renderer.ts';
import { startExportService, type ExportService } from './export-service.ts';

export const SALES = 'Ventas generales';
export const SALES_PAGES = ['ReportSection1', 'ReportSection2'];
export const peru: IBasicFilter = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Tienda', column: 'País' },
  filterType: FilterType.Basic,
  operator: 'In',
  values: ['Perú'],
};

/** Every run of white space as one space: the frame writes figures with no-break spaces. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

const workDir = mkdtempSync(join(tmpdir(), 'vitrina-export-files-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** What one of poppler's tools prints about `file`. */
function poppler(tool: string, args: string[], file: Buffer): string {
  const path = join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, file);
  return execFileSync(tool, [...args, path, ...(tool === 'pdftotext' ? ['-'] : [])], {
    encoding: 'utf8',
  });
}
export const pdfText = (file: Buffer) => flat(poppler('pdftotext', ['-layout'], file));
export const pdfSheetText = (file: Buffer, sheet: number) =>
  flat(poppler('pdftotext', ['-f', String(sheet), '-l', String(sheet)], file));
export const pdfPages = (file: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', [], file))![1]);
/** pdffonts' rows, one per font (its two header lines left out). */
export const pdfFonts = (file: Buffer) =>
  poppler('pdffonts', [], file).split('\n').slice(2).filter(Boolean);

/** The demo service and a renderer on it, for the calling file's tests. */
export function useRenderer() {
  const used = {
    service: undefined as unknown as ExportService,
    renderer: undefined as unknown as ChromiumExportRenderer,
    render: (request: RenderRequest, progress: number[][] = []): Promise<RenderResult> =>
      used.renderer.render(
        request,
        (done, total) => progress.push([done, total]),
        new AbortController().signal,
      ),
  };
  beforeAll(async () => {
    used.service = await startExportService();
    used.renderer = new ChromiumExportRenderer({
      serviceOrigin: used.service.url,
      executablePath: chromiumPath,
    });
  }, 120_000);
  afterAll(async () => {
    await used.renderer?.close();
    await used.service?.close();
  });
  return used;
}
