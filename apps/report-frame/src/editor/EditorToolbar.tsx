/** Undo, redo, save, save as (our dialog, or `saveAsTriggered` for the host's), and back to reading view. */
import { useState } from 'react';
import { useStore } from '../state/store.ts';
import type { EditorMessages } from './editor-messages.ts';
import type { ReportEditor } from './report-editor.ts';

export function EditorToolbar({
  editor,
  texts,
  onSaveAsTriggered,
}: {
  editor: ReportEditor;
  texts: EditorMessages;
  onSaveAsTriggered(): void;
}) {
  const { canUndo, canRedo, saveAsOpen } = useStore(editor.store);
  const [name, setName] = useState('');
  // A failed save keeps every edit; the message says why (a 409 means: save as instead).
  const [failure, setFailure] = useState('');
  const run = (save: () => Promise<void>) => {
    setFailure('');
    save().catch((error: unknown) =>
      setFailure(error instanceof Error ? error.message : String(error)),
    );
  };
  const openSaveAs = () =>
    editor.useCustomSaveAsDialog ? onSaveAsTriggered() : editor.store.set({ saveAsOpen: true });
  return (
    <div className="editor-toolbar" role="toolbar">
      <button type="button" disabled={!canUndo} onClick={() => editor.undo()}>
        {texts.undo}
      </button>
      <button type="button" disabled={!canRedo} onClick={() => editor.redo()}>
        {texts.redo}
      </button>
      <button type="button" onClick={() => run(() => editor.save())}>
        {texts.save}
      </button>
      {editor.canSaveAs && (
        <button type="button" onClick={openSaveAs}>
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
      {saveAsOpen && (
        <form
          className="save-as-dialog"
          role="dialog"
          aria-label={texts.saveAs}
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) run(() => editor.saveAs(name.trim()));
          }}
        >
          <label>
            {texts.saveAsName}
            <input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          </label>
          <button type="submit">{texts.save}</button>
          <button type="button" onClick={() => editor.store.set({ saveAsOpen: false })}>
            {texts.cancel}
          </button>
        </form>
      )}
    </div>
  );
}
