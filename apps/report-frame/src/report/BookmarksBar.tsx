/** Bookmarks pane (a list) and, in presentation mode, the previous/next bar. */
import type { ReportViewState } from '../state/report-state.ts';
import type { ReportController } from './report-controller.ts';

interface Props {
  controller: ReportController;
  state: ReportViewState;
}

export function BookmarksBar({ controller, state }: Props) {
  const { messages } = controller;
  const bookmarks = state.report.definition.bookmarks ?? [];
  const current = bookmarks[state.presentation.index];
  if (state.presentation.playing) {
    return (
      <div className="bookmarks-bar presenting" role="toolbar" aria-label={messages.bookmarks}>
        <button
          type="button"
          aria-label={messages.previous}
          onClick={() => controller.bookmarks.step(-1)}
        >
          ‹
        </button>
        <span className="bookmark-current">{current?.displayName ?? ''}</span>
        <span className="bookmark-count">
          {state.presentation.index + 1} {messages.of} {bookmarks.length}
        </span>
        <button
          type="button"
          aria-label={messages.next}
          onClick={() => controller.bookmarks.step(1)}
        >
          ›
        </button>
      </div>
    );
  }
  return (
    <div className="bookmarks-bar" role="toolbar" aria-label={messages.bookmarks}>
      <span className="bookmarks-label">{messages.bookmarks}</span>
      {bookmarks.map((b) => (
        <button key={b.name} type="button" onClick={() => controller.bookmarks.applyByName(b.name)}>
          {b.displayName}
        </button>
      ))}
    </div>
  );
}
