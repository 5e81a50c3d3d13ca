/**
 * Rows of statements already read from a dataset, kept for its data version (decision 0326).
 *
 * A visual whose statement does not change when a filter does (a slicer's list of countries
 * while the viewer filters sales by amount: that filter cannot reach the country table and plans
 * to nothing) was read again by every page with a new filter. The result cache, keyed on the
 * query as sent, cannot tell; but the statement is the same text with the same bound values over
 * the same data, so its rows are the same. Identities (row-level security), relative dates and
 * every filter are in a statement's text or bound values, so the key needs nothing else.
 *
 * Rows are kept only when no write was under way as the statement started nor began before it
 * ended; a write moves the version and the rows kept for the older one go. Bounded in memory, and
 * only short answers are kept (a slicer's list, a card, a chart's groups; not an export's rows).
 * Callers share the kept arrays and must not change them.
 */
import { LRUCache } from 'lru-cache';
import { fragmentKey, type Fragment } from './sql.ts';

type Rows = (string | number | boolean | null)[][];

/** A longer answer is not kept. */
const MAX_KEPT_ROWS = 1_000;
/** Rough bytes over every dataset's kept rows, by the result cache's estimate. */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;

const estimatedBytes = (rows: Rows) => 256 + rows.length * Math.max(1, rows[0]?.length ?? 1) * 24;

const kept = new LRUCache<string, Rows>({
  maxSize: MAX_KEPT_BYTES,
  sizeCalculation: estimatedBytes,
});

/** Per dataset (the store that reads it): its key prefix, version, and reads under way. */
interface Owner {
  prefix: string;
  version: number;
  running: Map<string, Promise<Rows>>;
}

const owners = new WeakMap<object, Owner>();
let owned = 0;

function ownerAt(dataset: object, version: number): Owner {
  const current = owners.get(dataset);
  if (current?.version === version) return current;
  if (current) {
    // What was kept for an older version is never read again: let it go before anything else.
    for (const key of kept.keys()) if (key.startsWith(current.prefix)) kept.delete(key);
  }
  const owner = { prefix: current?.prefix ?? `${owned++}\u0000`, version, running: new Map() };
  owners.set(dataset, owner);
  return owner;
}

/**
 * `statement`'s rows over `dataset` at `version()`: kept, or joined to the same read under way,
 * else `read` (and kept). An odd version is a write under way: read, never kept.
 */
export function keptRows<T extends Rows>(
  dataset: object,
  version: () => number,
  statement: Fragment,
  read: () => Promise<T>,
): Promise<T> {
  const started = version();
  if (started % 2 === 1) return read();
  const owner = ownerAt(dataset, started);
  const key = owner.prefix + fragmentKey(statement);
  const found = kept.get(key);
  if (found) return Promise.resolve(found as T);
  let reading = owner.running.get(key) as Promise<T> | undefined;
  if (!reading) {
    reading = read();
    owner.running.set(key, reading);
    reading.then(
      (rows) => {
        owner.running.delete(key);
        // A write that began meanwhile may be in these rows: not kept for the version before it.
        if (rows.length <= MAX_KEPT_ROWS && version() === started) kept.set(key, rows);
      },
      () => owner.running.delete(key),
    );
  }
  return reading;
}
