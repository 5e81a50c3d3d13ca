/**
 * The editor's name dialog: "Guardar informe" when a new report is saved for the first time,
 * "Guardar como" for a copy. An empty name is refused with a message instead of a silent default.
 */
import { useState } from 'react';
import type { EditorMessages } from './editor-messages.ts';
import type { NameDialog } from './report-editor.ts';

export function SaveNameDialog({
  kind,
  initialName,
  texts,
  onAccept,
  onCancel,
}: {
  kind: NameDialog;
  initialName: string;
  texts: EditorMessages;
  onAccept(name: string): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(initialName);
  const [refused, setRefused] = useState(false);
  const title = kind === 'save' ? texts.saveNew : texts.saveAs;
  return (
    <form
      className="save-name-dialog"
      role="dialog"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        setRefused(trimmed === '');
        if (trimmed) onAccept(trimmed);
      }}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <strong>{title}</strong>
      <label>
        {texts.saveAsName}
        <input
          value={name}
          aria-invalid={refused}
          onChange={(e) => {
            setName(e.target.value);
            setRefused(false);
          }}
          onFocus={(e) => e.target.select()}
          autoFocus
        />
      </label>
      {refused && (
        <span className="editor-failure" role="alert">
          {texts.nameRequired}
        </span>
      )}
      <button type="submit">{texts.accept}</button>
      <button type="button" onClick={onCancel}>
        {texts.cancel}
      </button>
    </form>
  );
}
