/**
 * A text field of the format pane that applies what was typed on Enter and on blur (one undo
 * step, not one per key), and shows the definition's value again whenever it changes, as after
 * undo or redo. Escape puts the applied value back.
 */
import { useState } from 'react';

export function CommitTextInput({
  value,
  onCommit,
}: {
  value: string;
  onCommit(value: string): void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The definition changed under the field (undo, redo, another visual): show its value.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => draft !== value && onCommit(draft);
  return (
    <input
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        else if (e.key === 'Escape') setDraft(value);
      }}
    />
  );
}
