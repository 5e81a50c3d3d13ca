/** A report with its editor: the reading view as before, or, in edit mode, Power BI's editing layout. */
import { useState } from 'react';
import type { FrameSession } from '../embed/session.ts';
import type { ReportController } from '../report/report-controller.ts';
import { ReportView } from '../report/ReportView.tsx';
import { useStore } from '../state/store.ts';
import type { Authoring } from './authoring.ts';
import { EditOverlay } from './EditOverlay.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { editorMessagesFor } from './editor-messages.ts';
import { FieldsPane } from './FieldsPane.tsx';
import { MobileLayoutCanvas, mobileLayoutTexts } from './MobileLayoutCanvas.tsx';
import { PageTabsEditor } from './PageTabsEditor.tsx';
import { VisualizationsPane } from './VisualizationsPane.tsx';

export function AuthoringView({
  session,
  authoring,
  controller,
}: {
  session: FrameSession;
  authoring: Authoring;
  controller: ReportController;
}) {
  const editor = authoring.editorOf(controller);
  const { mode } = useStore(editor.store);
  const { report, activePage } = useStore(controller.store);
  const [phoneLayout, setPhoneLayout] = useState(false);
  const view = (editing: boolean) => (
    <ReportView
      controller={controller}
      isMobileUrl={session.context.isMobile}
      onSetPage={(name) => controller.showPage(name)}
      overlay={
        editing
          ? (page, layout) => <EditOverlay editor={editor} page={page} layout={layout} />
          : undefined
      }
    />
  );
  if (mode === 'view') return view(false);
  const language = session.context.language;
  const texts = editorMessagesFor(language);
  const page = report.definition.pages.find((p) => p.name === activePage);
  return (
    <div
      className="authoring"
      data-mode="edit"
      onKeyDown={(event) => {
        // Power BI's shortcuts; text fields keep their own undo.
        if (!(event.ctrlKey || event.metaKey) || event.target instanceof HTMLInputElement) return;
        const key = event.key.toLowerCase();
        if (key === 'z') editor.undo();
        else if (key === 'y') editor.redo();
      }}
    >
      <div className="authoring-main">
        <EditorToolbar
          editor={editor}
          texts={texts}
          onSaveAsTriggered={() => controller.emit('saveAsTriggered', null)}
        />
        <button
          type="button"
          className="mobile-layout-toggle"
          aria-pressed={phoneLayout}
          onClick={() => setPhoneLayout(!phoneLayout)}
        >
          {mobileLayoutTexts(language).mobileLayout}
        </button>
        {phoneLayout && page ? (
          <MobileLayoutCanvas editor={editor} page={page} texts={texts} language={language} />
        ) : (
          view(true)
        )}
        <PageTabsEditor editor={editor} controller={controller} texts={texts} />
      </div>
      <VisualizationsPane editor={editor} texts={texts} />
      <FieldsPane editor={editor} schema={controller.state.report.dataset} texts={texts} />
    </div>
  );
}
