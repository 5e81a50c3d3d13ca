/** Print mode of a report: every page is laid out for paper, printed, then the view comes back. */
import { Store } from '../state/store.ts';

export class PrintMode {
  readonly store = new Store<{ active: boolean }>({ active: false });
  private done: (() => void) | null = null;

  /** Shows the print layout; resolves when `finish` is called (a print already running is joined). */
  start(): Promise<void> {
    if (this.store.get().active) return Promise.resolve();
    return new Promise((resolve) => {
      this.done = resolve;
      this.store.set({ active: true });
    });
  }

  finish(): void {
    this.store.set({ active: false });
    this.done?.();
    this.done = null;
  }
}

/**
 * Opens the browser's print and resolves when printing is over. Browsers' `print()` blocks and
 * returns nothing; the export renderer's stand-in returns a promise, because it reads the print
 * layout after `print()` returned, so the layout stays until that promise settles.
 */
export async function printDocument(): Promise<void> {
  await (window.print() as unknown as Promise<void> | undefined);
}
