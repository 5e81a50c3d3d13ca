/**
 * What one ExportTo request asks the renderer for, checked against the report before any job
 * starts, so every mistake is a 400 at ExportTo (Power BI's) and never a job that fails later.
 */
import {
  isPaginated,
  MAX_EXPORT_PAGES,
  reportExportFormats,
  type AnyDefinition,
  type ExportBookmark,
  type ExportReportRequest,
  type ReportDefinition,
} from '@vitrina/bi-model';
import { SectionVisibility, type IFilter } from '@vitrina/embed-sdk/protocol';
import { invalidRequest } from '../../http/powerbi-error.ts';
import type { RenderPage, RenderRequest } from './export-renderer.ts';
import { parseUrlFilter, UrlFilterError } from './url-filter.ts';

/** The renderer's request less what the job adds (URL, token, ids). */
export type ExportPlan = Pick<
  RenderRequest,
  'format' | 'pages' | 'defaultBookmark' | 'filters' | 'locale' | 'paginated'
>;

const unsupportedFormat = () =>
  invalidRequest('Export report was called with an unsupported file format');

/** Checks a bookmark given by name exists; a captured state is the frame's to read. */
function checkBookmark(definition: ReportDefinition, bookmark: ExportBookmark, where: string) {
  if (bookmark.name === undefined) return;
  if (!(definition.bookmarks ?? []).some((known) => known.name === bookmark.name))
    throw invalidRequest(`${where}: the report has no bookmark named ${bookmark.name}`);
}

function renderPage(
  definition: ReportDefinition,
  asked: NonNullable<
    NonNullable<ExportReportRequest['powerBIReportConfiguration']>['pages']
  >[number],
  index: number,
): RenderPage {
  const where = `pages[${index}]`;
  const page = definition.pages.find((known) => known.name === asked.pageName);
  if (!page) throw invalidRequest(`${where}: the report has no page named ${asked.pageName}`);
  if (asked.visualName && !page.visuals.some((visual) => visual.name === asked.visualName))
    throw invalidRequest(`${where}: page ${page.name} has no visual named ${asked.visualName}`);
  if (asked.bookmark) checkBookmark(definition, asked.bookmark, `${where}.bookmark`);
  return {
    pageName: page.name,
    ...(asked.visualName ? { visualName: asked.visualName } : {}),
    ...(asked.bookmark?.state ? { bookmarkState: asked.bookmark.state } : {}),
    ...(asked.bookmark?.name ? { bookmarkName: asked.bookmark.name } : {}),
  };
}

/** Every `reportLevelFilters` entry (Power BI reads only the first; all count here). */
function reportFilters(entries: { filter: string }[]): IFilter[] {
  return entries.flatMap((entry, index) => {
    try {
      return parseUrlFilter(entry.filter);
    } catch (error) {
      if (!(error instanceof UrlFilterError)) throw error;
      throw invalidRequest(
        `reportLevelFilters[${index}].filter ("${entry.filter}") cannot be read: ${error.message}`,
      );
    }
  });
}

/** Pages as asked (order kept, repeats allowed), else every page, hidden ones on request. */
function pagesOf(
  definition: ReportDefinition,
  configuration: NonNullable<ExportReportRequest['powerBIReportConfiguration']>,
): RenderPage[] {
  if (configuration.pages && configuration.pages.length > 0)
    return configuration.pages.map((page, index) => renderPage(definition, page, index));
  const includeHidden = configuration.settings?.includeHiddenPages === true;
  const pages = definition.pages
    .filter((page) => includeHidden || page.visibility !== SectionVisibility.HiddenInViewMode)
    .map((page) => ({ pageName: page.name }));
  if (pages.length > MAX_EXPORT_PAGES)
    throw invalidRequest(
      `The report has ${pages.length} pages; one export takes at most ${MAX_EXPORT_PAGES}: name the pages`,
    );
  if (pages.length === 0) throw invalidRequest('The report has no visible page to export');
  return pages;
}

export function planExport(definition: AnyDefinition, request: ExportReportRequest): ExportPlan {
  if (isPaginated(definition)) {
    if (request.format !== 'PDF') throw unsupportedFormat();
    const parameterValues = request.paginatedReportConfiguration?.parameterValues ?? [];
    return { format: 'PDF', pages: [], filters: [], paginated: { parameterValues } };
  }
  const format = reportExportFormats.find((known) => known === request.format);
  if (!format) throw unsupportedFormat();
  const configuration = request.powerBIReportConfiguration ?? {};
  if (configuration.defaultBookmark)
    checkBookmark(definition, configuration.defaultBookmark, 'defaultBookmark');
  return {
    format,
    pages: pagesOf(definition, configuration),
    filters: reportFilters(configuration.reportLevelFilters ?? []),
    ...(configuration.defaultBookmark ? { defaultBookmark: configuration.defaultBookmark } : {}),
    ...(configuration.settings?.locale ? { locale: configuration.settings.locale } : {}),
  };
}
