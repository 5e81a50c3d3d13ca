/**
 * Undo and redo over immutable snapshots, with a mark on the last saved one so that
 * `hasUnsavedChanges` is simply "the present is not what was saved".
 */
const LIMIT = 100;

export class EditHistory<T> {
  private past: T[] = [];
  private future: T[] = [];
  private saved: T;
  present: T;

  constructor(initial: T) {
    this.present = initial;
    this.saved = initial;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  get unsaved(): boolean {
    return this.present !== this.saved;
  }

  /** A new present; a no-op edit (same snapshot) records nothing. */
  push(next: T): void {
    if (next === this.present) return;
    this.past = [...this.past, this.present].slice(-LIMIT);
    this.future = [];
    this.present = next;
  }

  undo(): void {
    const previous = this.past.at(-1);
    if (previous === undefined) return;
    this.past = this.past.slice(0, -1);
    this.future = [this.present, ...this.future];
    this.present = previous;
  }

  redo(): void {
    const next = this.future[0];
    if (next === undefined) return;
    this.future = this.future.slice(1);
    this.past = [...this.past, this.present];
    this.present = next;
  }

  markSaved(): void {
    this.saved = this.present;
  }
}
