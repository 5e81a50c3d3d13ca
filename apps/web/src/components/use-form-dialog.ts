import { useState } from 'react';

/**
 * An add/edit form modal's state: open or closed, and the row being edited (null to add). The
 * row stays while the modal closes, so the form does not change under its closing animation.
 */
export function useFormDialog<T>() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  return {
    open,
    editing,
    openFor: (row: T | null) => {
      setEditing(row);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
