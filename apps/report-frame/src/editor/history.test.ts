import { describe, expect, it } from 'vitest';
import { EditHistory, type PresentCell } from './history.ts';

/** A present held in a plain variable, as the report's view state holds the definition. */
function cell<T>(initial: T): PresentCell<T> {
  let value = initial;
  return { get: () => value, set: (next) => (value = next) };
}

describe('EditHistory', () => {
  it('undoes and redoes in order, and a new edit clears what could be redone', () => {
    const history = new EditHistory(cell('a'));
    history.push('b');
    history.push('c');
    history.undo();
    expect(history.present).toBe('b');
    history.undo();
    expect(history.present).toBe('a');
    expect(history.canUndo).toBe(false);
    history.redo();
    expect(history.present).toBe('b');
    history.push('d');
    expect(history.canRedo).toBe(false);
    history.undo();
    expect(history.present).toBe('b');
  });

  it('knows unsaved changes from the saved mark, also after undoing back to it', () => {
    const history = new EditHistory(cell({ n: 1 }));
    expect(history.unsaved).toBe(false);
    history.push({ n: 2 });
    expect(history.unsaved).toBe(true);
    history.markSaved();
    expect(history.unsaved).toBe(false);
    history.undo();
    expect(history.unsaved).toBe(true);
    history.redo();
    expect(history.unsaved).toBe(false);
  });

  it('records nothing for an edit that returns the same snapshot', () => {
    const state = { n: 1 };
    const history = new EditHistory(cell(state));
    history.push(state);
    expect(history.canUndo).toBe(false);
  });
});
