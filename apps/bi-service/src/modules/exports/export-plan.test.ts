import { describe, expect, it } from 'vitest';
import type { ReportDefinition } from '@vitrina/bi-model';
import { SectionVisibility } from '@vitrina/embed-sdk/protocol';
import { PowerBiError } from '../../http/powerbi-error.ts';
import { planExport } from './export-plan.ts';

const page = (name: string, hidden = false): ReportDefinition['pages'][number] => ({
  name,
  displayName: name,
  width: 1280,
  height: 720,
  visuals: [],
  ...(hidden ? { visibility: SectionVisibility.HiddenInViewMode } : {}),
});
const report: ReportDefinition = {
  pages: [page('Resumen'), page('Oculta', true), page('Detalle')],
  bookmarks: [{ name: 'Bookmark1', displayName: 'Online', state: '{}' }],
};
const paginated = {
  title: 'Listado',
  query: { groupBy: [], measures: [] },
  columns: [{ field: { table: 'Ventas', measure: 'Total' }, header: 'A' }],
  rowsPerPage: 20,
};
const pagesOf = (configuration: object) =>
  planExport(report, { format: 'PDF', powerBIReportConfiguration: configuration }).pages.map(
    (step) => step.pageName,
  );
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof PowerBiError ? `${error.status} ${error.message}` : String(error);
  }
  return 'accepted';
};

describe('planExport: which pages an export draws', () => {
  it('takes every page but hidden ones, and hidden ones too when asked', () => {
    expect(pagesOf({})).toEqual(['Resumen', 'Detalle']);
    expect(pagesOf({ settings: { includeHiddenPages: true } })).toEqual([
      'Resumen',
      'Oculta',
      'Detalle',
    ]);
  });

  it('keeps named pages in their order, repeats and hidden ones included (as Power BI)', () => {
    const named = [{ pageName: 'Detalle' }, { pageName: 'Resumen' }, { pageName: 'Detalle' }];
    expect(pagesOf({ pages: named })).toEqual(['Detalle', 'Resumen', 'Detalle']);
    expect(pagesOf({ pages: [{ pageName: 'Oculta' }] })).toEqual(['Oculta']);
  });

  it('refuses more than 50 pages when none are named', () => {
    const many = { pages: Array.from({ length: 51 }, (_, index) => page(`P${index}`)) };
    expect(refusal(() => planExport(many, { format: 'PNG' }))).toMatch(/^400 .*at most 50/);
  });

  it('checks bookmarks by name; a captured state passes to the frame as it is', () => {
    expect(
      refusal(() =>
        planExport(report, {
          format: 'PDF',
          powerBIReportConfiguration: { defaultBookmark: { name: 'Bookmark1' } },
        }),
      ),
    ).toBe('accepted');
    expect(
      refusal(() =>
        planExport(report, {
          format: 'PDF',
          powerBIReportConfiguration: { pages: [{ pageName: 'Resumen', bookmark: { name: 'X' } }] },
        }),
      ),
    ).toBe('400 pages[0].bookmark: the report has no bookmark named X');
  });

  it('exports paginated reports to PDF only, with their parameters', () => {
    const parameterValues = [{ name: 'País', value: 'Perú' }];
    expect(
      planExport(paginated, { format: 'PDF', paginatedReportConfiguration: { parameterValues } }),
    ).toEqual({ format: 'PDF', pages: [], filters: [], paginated: { parameterValues } });
    expect(refusal(() => planExport(paginated, { format: 'PNG' }))).toBe(
      '400 Export report was called with an unsupported file format',
    );
  });
});
