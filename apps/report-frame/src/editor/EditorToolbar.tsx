/**
 * Undo, redo, save, save as and back to reading view. Guardar on a new report and Guardar como
 * ask for a name in our dialog, or, with `useCustomSaveAsDialog`, raise `saveAsTriggered` for the
 * host's own dialog, as Power BI does.
 */
import { useState } from 'react';
import { useStore } from '../state/store.ts';
import type { EditorMessages } from './editor-messages.ts';
import type { NameDialog, ReportEditor } from './report-editor.ts';
import { SaveNameDialog } from './SaveNameDialog.tsx';

export function EditorToolbar({
  editor,
  texts,
  onSaveAsTriggered,
}: {
  editor: ReportEditor;
  texts: EditorMessages;
  onSaveAsTriggered(): void;
}) {
  const { canUndo, canRedo, nameDialog } = useStore(editor.store);
  // A failed save keeps every edit; the message says why (a 409 means: save as instead).
  const [failure, setFailure] = useState('');
  const run = (save: () => Promise<void>) => {
    setFailure('');
    save().catch((error: unknown) =>
      setFailure(error instanceof Error ? error.message : String(error)),
    );
  };
  const askName = (kind: NameDialog) =>
    editor.useCustomSaveAsDialog ? onSaveAsTriggered() : editor.store.set({ nameDialog: kind });
  const save = () => (editor.isNew ? askName('save') : run(() => editor.save()));
  return (
    <div className="editor-toolbar" role="toolbar">
      <button type="button" disabled={!canUndo} onClick={() => editor.undo()}>
        {texts.undo}
      </button>
      <button type="button" disabled={!canRedo} onClick={() => editor.redo()}>
        {texts.redo}
      </button>
      <button type="button" onClick={save}>
        {texts.save}
      </button>
      {editor.canSaveAs && (
        <button type="button" onClick={() => askName('saveAs')}>
          {texts.saveAs}
        </button>
      )}
      <button type="button" onClick={() => editor.setMode('view')}>
        {texts.readingView}
      </button>
      {failure && (
        <span className="editor-failure" role="alert">
          {texts.saveFailed}: {failure}
        </span>
      )}
      {nameDialog && (
        <SaveNameDialog
          key={nameDialog}
          kind={nameDialog}
          initialName={nameDialog === 'save' ? editor.controller.state.report.name : ''}
          texts={texts}
          onAccept={(name) =>
            run(() => (nameDialog === 'save' ? editor.save(name) : editor.saveAs(name)))
          }
          onCancel={() => editor.store.set({ nameDialog: null })}
        />
      )}
    </div>
  );
}
