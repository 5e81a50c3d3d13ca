/**
 * Rows of statements already read from one dataset, kept for its data version (decision 0326).
 *
 * A visual whose statement does not change when a filter does (a slicer's list of countries
 * while the viewer filters sales by amount: that filter cannot reach the country table and plans
 * to nothing) was read again by every page with a new filter. The result cache, keyed on the
 * query as sent, cannot tell; but the statement is the same text with the same bound values over
 * the same data, so its rows are the same. Identities (row-level security), relative dates and
 * every filter are in a statement's text or bound values, so the key needs nothing else.
 *
 * Rows are kept only when no write was under way as the statement started nor began before it
 * ended; a write moves the version and the rows kept for the older one go. Each dataset's store
 * keeps its own, bounded in memory, and only short answers (a slicer's list, a card, a chart's
 * groups; not an export's rows). Callers share the kept arrays and must not change them.
 */
import { LRUCache } from 'lru-cache';
import { fragmentKey, type Fragment } from './sql.ts';

type Rows = (string | number | boolean | null)[][];

/** A longer answer is not kept. */
const MAX_KEPT_ROWS = 1_000;
/** Rough bytes of one dataset's kept rows, by the result cache's estimate. */
const MAX_KEPT_BYTES = 1024 * 1024;

const estimatedBytes = (rows: Rows) => 256 + rows.length * Math.max(1, rows[0]?.length ?? 1) * 24;

export class StatementResults {
  private readonly kept = new LRUCache<string, Rows>({
    maxSize: MAX_KEPT_BYTES,
    sizeCalculation: estimatedBytes,
  });
  /** Reads under way at `keptVersion`, joined by the same statement asked meanwhile. */
  private readonly running = new Map<string, Promise<Rows>>();
  private keptVersion = -1;
  /** The dataset's version: odd while a write is under way (DatasetStore.version). */
  private readonly version: () => number;

  constructor(version: () => number) {
    this.version = version;
  }

  /** `statement`'s rows at the current version: kept, joined to the same read, else `read`. */
  rows<T extends Rows>(statement: Fragment, read: () => Promise<T>): Promise<T> {
    const started = this.version();
    if (started % 2 === 1) return read();
    if (started !== this.keptVersion) {
      // What was kept for an older version is never read again.
      this.kept.clear();
      this.running.clear();
      this.keptVersion = started;
    }
    const key = fragmentKey(statement);
    const found = this.kept.get(key) ?? this.running.get(key);
    if (found) return Promise.resolve(found as T);
    const reading = read();
    this.running.set(key, reading);
    const settled = () => {
      if (this.running.get(key) === reading) this.running.delete(key);
    };
    reading.then((rows) => {
      settled();
      // A write that began meanwhile may be in these rows: not kept for the version before it.
      if (rows.length <= MAX_KEPT_ROWS && this.version() === started) this.kept.set(key, rows);
    }, settled);
    return reading;
  }
}
