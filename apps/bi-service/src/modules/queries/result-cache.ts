/**
 * Visual query results kept in memory, bounded in bytes (least recently used go first). An entry
 * is found only by the same dataset, the same data version, the same effective identity and the
 * same normalised query: one identity's rows are never answered to another. When a dataset's
 * version moves on (any write), its older entries are dropped. A query that is already being
 * read under the same key is joined rather than run again (viewers opening the same page after a
 * write). See docs/decisions/0150-bi-query-batch-and-result-cache.md and 0216.
 */
import { FilterType } from '@vitrina/embed-sdk/protocol';
import type { ParsedQuery, QueryResult } from '@vitrina/bi-model';
import { LRUCache } from 'lru-cache';
import type { EffectiveIdentity } from '../../engine/query/row-security.ts';

export interface ResultKey {
  datasetId: string;
  version: number;
  identity: EffectiveIdentity | undefined;
  query: ParsedQuery;
}

/** 32 MiB of results by the rough size below: the demo's pages take well under 1 MiB each. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** A cheap upper-bound estimate of a result's memory; exact sizes would cost a serialisation. */
const estimatedBytes = (result: QueryResult) =>
  256 + result.rows.length * Math.max(1, result.columns.length) * 24;

/** No role order or duplicate changes what an identity sees, so neither changes its key. */
const identityKey = (identity: EffectiveIdentity | undefined) =>
  identity ? JSON.stringify([identity.username, [...new Set(identity.roles)].sort()]) : '';

/** Relative dates read today's date, which is not part of the key: such queries are not kept. */
const dependsOnToday = (query: ParsedQuery) =>
  (query.filters ?? []).some((filter) => filter.filterType === FilterType.RelativeDate);

/** `maxBytes` 0 keeps no result (reads under way are still joined): BI_RESULT_CACHE_MB=0. */
export function createResultCache(maxBytes = DEFAULT_MAX_BYTES) {
  const keeps = maxBytes > 0;
  const entries = new LRUCache<string, QueryResult>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: estimatedBytes,
  });
  const latestVersion = new Map<string, number>();

  /** False for a version older than one already seen; a newer one drops the dataset's entries. */
  function isCurrent(datasetId: string, version: number): boolean {
    const known = latestVersion.get(datasetId);
    if (known === version) return true;
    if (known !== undefined && version < known) return false;
    latestVersion.set(datasetId, version);
    if (known !== undefined) {
      for (const key of entries.keys()) {
        if (key.startsWith(`${datasetId}\u0000`)) entries.delete(key);
      }
    }
    return true;
  }

  const keyOf = (key: ResultKey) =>
    [key.datasetId, key.version, identityKey(key.identity), JSON.stringify(key.query)].join(
      '\u0000',
    );

  /** Reads running now, by the same key as the entries: never joined across identities. */
  const reading = new Map<string, Promise<QueryResult>>();

  /**
   * The result for `key`: a kept one, else the one an identical request is reading now, else
   * what `read` answers (then kept). A failed read fails every caller that joined it and is
   * not kept, so the next request reads again.
   */
  function resultFor(key: ResultKey, read: () => Promise<QueryResult>): Promise<QueryResult> {
    if (dependsOnToday(key.query)) return read();
    const id = keyOf(key);
    const kept = isCurrent(key.datasetId, key.version) ? entries.get(id) : undefined;
    if (kept) return Promise.resolve(kept);
    let running = reading.get(id);
    if (!running) {
      running = read()
        .then((result) => {
          // Kept only while it is still the dataset's current version.
          if (keeps && isCurrent(key.datasetId, key.version)) entries.set(id, result);
          return result;
        })
        .finally(() => reading.delete(id));
      reading.set(id, running);
    }
    return running;
  }

  return {
    read: resultFor,

    /**
     * Starts `read` ahead of a request expected soon, which then joins it or finds it kept. Only
     * for queries that can be shared (not on relative dates); a failure is left for that request
     * to meet, since nobody waits on this one.
     */
    readAhead(key: ResultKey, read: () => Promise<QueryResult>): void {
      if (dependsOnToday(key.query)) return;
      resultFor(key, read).catch(() => undefined);
    },

    /** How many results are held (for tests and diagnostics). */
    get size(): number {
      return entries.size;
    },
  };
}

export type ResultCache = ReturnType<typeof createResultCache>;
