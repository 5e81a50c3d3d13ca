/** A report's bookmarks: list, apply by name or state, capture, and presentation play with next/previous. */
import type { ViewContext } from '../protocol/view-context.ts';
import { RequestError, badRequest } from '../protocol/request-error.ts';
import type { ReportViewState } from '../state/report-state.ts';
import type { Store } from '../state/store.ts';
import { applyStateTo, captureState, parseState } from './bookmark-state.ts';

export class ReportBookmarks {
  private readonly store: Store<ReportViewState>;
  private readonly emit: ViewContext['emit'];

  constructor(store: Store<ReportViewState>, emit: ViewContext['emit']) {
    this.store = store;
    this.emit = emit;
  }

  private get all() {
    return this.store.get().report.definition.bookmarks ?? [];
  }

  list() {
    return this.all.map((b) => ({ name: b.name, displayName: b.displayName, state: b.state }));
  }

  applyState(text: string): void {
    let parsed;
    try {
      parsed = parseState(text);
    } catch (error) {
      throw badRequest(error instanceof Error ? error.message : String(error));
    }
    this.store.set((s) => applyStateTo(s, parsed));
  }

  applyByName(name: string): void {
    const index = this.all.findIndex((b) => b.name === name);
    const bookmark = this.all[index];
    if (!bookmark) throw new RequestError(404, [{ message: `Bookmark ${name} was not found` }]);
    this.applyState(bookmark.state);
    this.store.set((s) => ({ presentation: { ...s.presentation, index } }));
    this.emit('bookmarkApplied', { bookmarkName: bookmark.name });
  }

  capture() {
    return {
      name: `Bookmark${Date.now().toString(36)}`,
      displayName: '',
      state: captureState(this.store.get()),
    };
  }

  /** Presentation mode (playMode 1) starts at the first bookmark; 0 stops it. */
  play(playMode: number): void {
    const playing = playMode === 1;
    this.store.set({ presentation: { playing, index: 0 } });
    const first = this.all[0];
    if (playing && first) this.applyByName(first.name);
  }

  /** Next (1) or previous (-1) bookmark, wrapping around. */
  step(delta: 1 | -1): void {
    const count = this.all.length;
    if (count === 0) return;
    const index = (this.store.get().presentation.index + delta + count) % count;
    this.applyByName(this.all[index]!.name);
  }
}
