/**
 * Bookmark state: the opaque string the frame writes on capture and reads on apply. Its JSON
 * shape is documented in docs/bi-embed-api.md so that demo reports can ship bookmarks.
 */
import { isRecord } from '../lib/is-record.ts';
import type { FrameFilter } from '../query/filter-types.ts';
import type { SortState } from '@vitrina/bi-model/visual-queries';
import type { DrillState, ReportViewState } from '../state/report-state.ts';

export interface BookmarkState {
  version: 1;
  activePage?: string;
  filters?: {
    report?: FrameFilter[];
    pages?: Record<string, FrameFilter[]>;
    visuals?: Record<string, FrameFilter[]>;
  };
  slicers?: Record<string, FrameFilter[]>;
  sorts?: Record<string, SortState>;
  drill?: Record<string, DrillState>;
}

export function captureState(state: ReportViewState): string {
  const snapshot: BookmarkState = {
    version: 1,
    activePage: state.activePage,
    filters: {
      report: state.reportFilters,
      pages: state.pageFilters,
      visuals: state.visualFilters,
    },
    slicers: state.slicerFilters,
    sorts: state.sorts,
    drill: state.drill,
  };
  return JSON.stringify(snapshot);
}

/** A state the frame wrote: version 1 of the shape above. */
const isBookmarkState = (value: unknown): value is BookmarkState =>
  isRecord(value) && value['version'] === 1;

/** Parses a bookmark state; throws an Error with a readable message when it is not one of ours. */
export function parseState(text: string): BookmarkState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('state is not a valid bookmark state');
  }
  if (!isBookmarkState(parsed)) throw new Error('state is not a valid bookmark state');
  return parsed;
}

/** Slicer keys are `page/visual`; a bare visual name belongs to the bookmark's page. */
function slicerKeys(
  slicers: Record<string, FrameFilter[]>,
  pageName: string,
): Record<string, FrameFilter[]> {
  return Object.fromEntries(
    Object.entries(slicers).map(([key, filters]) => [
      key.includes('/') ? key : `${pageName}/${key}`,
      filters,
    ]),
  );
}

/** The view state after applying a bookmark: everything it names replaces the current value. */
export function applyStateTo(
  state: ReportViewState,
  bookmark: BookmarkState,
): Partial<ReportViewState> {
  const pages = state.report.definition.pages;
  const activePage = pages.some((p) => p.name === bookmark.activePage)
    ? bookmark.activePage!
    : state.activePage;
  return {
    activePage,
    reportFilters: bookmark.filters?.report ?? state.reportFilters,
    pageFilters: bookmark.filters?.pages ?? state.pageFilters,
    visualFilters: bookmark.filters?.visuals ?? state.visualFilters,
    slicerFilters: slicerKeys(bookmark.slicers ?? {}, activePage),
    sorts: bookmark.sorts ?? {},
    drill: bookmark.drill ?? {},
    selection: null,
  };
}
