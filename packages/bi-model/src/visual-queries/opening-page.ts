/**
 * The page a report opens on and the queries that page asks for before anyone touches it: what
 * the frame runs first, and what the BI service can start as soon as the frame asks for the
 * report (decision 0217). Both sides use these functions, so the two sets of queries are the same
 * and the service's result cache (keyed by the normalised query) answers the frame's batch.
 */
import type { DatasetSchema } from '../dataset.ts';
import type { Query } from '../query.ts';
import type { PageDefinition, ReportDefinition } from '../report.ts';
import { queriesForVisual } from './visual-queries.ts';

/** Power BI's page visibility: 1 is hidden (the page is kept out of the navigation). */
const HIDDEN_PAGE = 1;

/** The named page if the report has it, else the first visible page, else the first page. */
export function openingPage(
  definition: ReportDefinition,
  pageName?: string,
): PageDefinition | undefined {
  const pages = definition.pages;
  return (
    pages.find((page) => page.name === pageName) ??
    pages.find((page) => page.visibility !== HIDDEN_PAGE) ??
    pages[0]
  );
}

/**
 * Every query of the opening page's visuals (the named one, as `openingPage` picks it) as the
 * report defines them: report, page and visual filters in that order, with no slicer, selection,
 * sort or drill yet. Identical queries (two cards on one measure) are listed once.
 */
export function openingPageQueries(
  definition: ReportDefinition,
  dataset: DatasetSchema,
  pageName?: string,
): Query[] {
  const page = openingPage(definition, pageName);
  if (!page) return [];
  const queries = new Map<string, Query>();
  for (const visual of page.visuals) {
    const filters = [
      ...(definition.filters ?? []),
      ...(page.filters ?? []),
      ...(visual.filters ?? []),
    ];
    for (const query of Object.values(queriesForVisual({ visual, schema: dataset, filters }))) {
      queries.set(JSON.stringify(query), query);
    }
  }
  return [...queries.values()];
}
