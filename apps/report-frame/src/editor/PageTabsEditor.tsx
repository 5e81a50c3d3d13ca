/** Page tabs in edit mode: show, add, rename (double click), move, duplicate and delete pages. */
import type { ReportController } from '../report/report-controller.ts';
import { useStore } from '../state/store.ts';
import type { EditorMessages } from './editor-messages.ts';
import { addPage, deletePage, duplicatePage, movePage, renamePage } from './page-edits.ts';
import type { ReportEditor } from './report-editor.ts';

export function PageTabsEditor({
  editor,
  controller,
  texts,
}: {
  editor: ReportEditor;
  controller: ReportController;
  texts: EditorMessages;
}) {
  const state = useStore(controller.store);
  const pages = state.report.definition.pages;
  const active = state.activePage;
  const rename = (name: string, current: string) => {
    const next = window.prompt(texts.rename, current);
    if (next) editor.apply((def) => renamePage(def, name, next));
  };
  return (
    <nav className="page-tabs-editor" aria-label={texts.addPage}>
      {pages.map((page) => (
        <button
          key={page.name}
          type="button"
          aria-current={page.name === active ? 'page' : undefined}
          onClick={() => controller.showPage(page.name)}
          onDoubleClick={() => rename(page.name, page.displayName)}
        >
          {page.displayName}
        </button>
      ))}
      <button
        type="button"
        aria-label={texts.addPage}
        onClick={() => editor.apply((def) => addPage(def, texts.pageName(def.pages.length + 1)))}
      >
        +
      </button>
      <span className="page-actions">
        <button type="button" onClick={() => editor.apply((def) => movePage(def, active, -1))}>
          {texts.moveLeft}
        </button>
        <button type="button" onClick={() => editor.apply((def) => movePage(def, active, 1))}>
          {texts.moveRight}
        </button>
        <button
          type="button"
          onClick={() => rename(active, pages.find((p) => p.name === active)?.displayName ?? '')}
        >
          {texts.rename}
        </button>
        <button
          type="button"
          onClick={() => editor.apply((def) => duplicatePage(def, active, texts.copy))}
        >
          {texts.duplicate}
        </button>
        <button
          type="button"
          disabled={pages.length <= 1}
          onClick={() => editor.apply((def) => deletePage(def, active))}
        >
          {texts.delete}
        </button>
      </span>
    </nav>
  );
}
