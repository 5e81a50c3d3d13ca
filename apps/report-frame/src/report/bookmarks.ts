/** Bookmarks: list, apply by name or state, capture, and presentation play with next/previous. */
import { RequestError, badRequest } from '../protocol/request-error.ts';
import { applyStateTo, captureState, parseState } from './bookmark-state.ts';
import type { ReportController } from './report-controller.ts';

export function listBookmarks(controller: ReportController) {
  return (controller.state.report.definition.bookmarks ?? []).map((b) => ({
    name: b.name,
    displayName: b.displayName,
    state: b.state,
  }));
}

export function applyBookmarkState(controller: ReportController, text: string): void {
  let parsed;
  try {
    parsed = parseState(text);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
  controller.store.set((s) => applyStateTo(s, parsed));
}

export function applyBookmarkByName(controller: ReportController, name: string): void {
  const bookmarks = controller.state.report.definition.bookmarks ?? [];
  const index = bookmarks.findIndex((b) => b.name === name);
  const bookmark = bookmarks[index];
  if (!bookmark) throw new RequestError(404, [{ message: `Bookmark ${name} was not found` }]);
  applyBookmarkState(controller, bookmark.state);
  controller.store.set((s) => ({ presentation: { ...s.presentation, index } }));
  controller.emit('bookmarkApplied', { bookmarkName: bookmark.name });
}

export function captureBookmark(controller: ReportController) {
  return {
    name: `Bookmark${Date.now().toString(36)}`,
    displayName: '',
    state: captureState(controller.state),
  };
}

export function playBookmarks(controller: ReportController, playMode: number): void {
  const playing = playMode === 1;
  controller.store.set({ presentation: { playing, index: 0 } });
  const first = controller.state.report.definition.bookmarks?.[0];
  if (playing && first) applyBookmarkByName(controller, first.name);
}

export function stepBookmark(controller: ReportController, delta: 1 | -1): void {
  const bookmarks = controller.state.report.definition.bookmarks ?? [];
  if (bookmarks.length === 0) return;
  const index = (controller.state.presentation.index + delta + bookmarks.length) % bookmarks.length;
  applyBookmarkByName(controller, bookmarks[index]!.name);
}
