/**
 * Undo and redo over immutable snapshots, with a mark on the last saved one so that
 * `hasUnsavedChanges` is simply "the present is not what was saved". The present itself is not
 * kept here but where it is shown (the report's view state), so that there is one copy of it.
 */
const LIMIT = 100;

/** Where the present snapshot lives: read it, and replace it (which shows it). */
export interface PresentCell<T> {
  get(): T;
  set(value: T): void;
}

export class EditHistory<T> {
  private past: T[] = [];
  private future: T[] = [];
  private saved: T;
  private readonly cell: PresentCell<T>;

  constructor(cell: PresentCell<T>) {
    this.cell = cell;
    this.saved = cell.get();
  }

  get present(): T {
    return this.cell.get();
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
    const present = this.present;
    if (next === present) return;
    this.past = [...this.past, present].slice(-LIMIT);
    this.future = [];
    this.cell.set(next);
  }

  undo(): void {
    const previous = this.past.at(-1);
    if (previous === undefined) return;
    this.past = this.past.slice(0, -1);
    this.future = [this.present, ...this.future];
    this.cell.set(previous);
  }

  redo(): void {
    const next = this.future[0];
    if (next === undefined) return;
    this.future = this.future.slice(1);
    this.past = [...this.past, this.present];
    this.cell.set(next);
  }

  /** Marks what a save sent, which is the present unless edits came while the save was on its way. */
  markSaved(snapshot: T = this.present): void {
    this.saved = snapshot;
  }
}
