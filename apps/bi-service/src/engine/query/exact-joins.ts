/**
 * Whether a relationship's join keeps every row of its "many" side exactly once: each row's key
 * finds one row on the "one" side, never none (the inner join would drop it) nor two (it would
 * count twice). Only then can a statement join a dimension that one of the queries it answers
 * does not need without changing that query's rows (grouping-sets.ts, decision 0323).
 *
 * The model declares relationships but the data does not promise them (an import may bring a
 * sale of a store the store table lacks), so the data is checked: once per data version and
 * relationship, in the background. Until the answer is in, the join counts as not exact and the
 * queries run as they would alone; a page never waits for a check.
 */
import type { DatasetStore } from '../dataset-store.ts';
import type { RelationshipDefinition } from '../model.ts';
import { quoteIdentifier, raw } from '../sql.ts';

interface Checks {
  version: number;
  /** Per relationship: exact or not; absent while its check runs. */
  known: Map<string, boolean>;
  running: Set<string>;
}

const checksByStore = new WeakMap<DatasetStore, Checks>();

const relationshipKey = ({ from, to }: RelationshipDefinition) =>
  JSON.stringify([from.table, from.column, to.table, to.column]);

/**
 * One row: true when the LEFT JOIN has exactly as many rows as the "many" table (no key matched
 * twice) and none of them went unmatched.
 */
function checkStatement({ from, to }: RelationshipDefinition) {
  const many = quoteIdentifier(from.table);
  const one = quoteIdentifier(to.table);
  const manyKey = `${many}.${quoteIdentifier(from.column)}`;
  const oneKey = `${one}.${quoteIdentifier(to.column)}`;
  return raw(
    `SELECT count(*) = (SELECT count(*) FROM ${many}) AND count(*) FILTER (WHERE ${oneKey} IS NULL) = 0 ` +
      `FROM ${many} LEFT JOIN ${one} ON ${manyKey} = ${oneKey}`,
  );
}

function checksAt(store: DatasetStore, version: number): Checks {
  const current = checksByStore.get(store);
  if (current?.version === version) return current;
  const fresh: Checks = { version, known: new Map(), running: new Set() };
  checksByStore.set(store, fresh);
  return fresh;
}

/**
 * True when `relationship` is known to be exact at the store's current version; starts its check
 * when not yet known (its answer serves the pages that follow). False while the store is written.
 */
export function joinKnownExact(store: DatasetStore, relationship: RelationshipDefinition): boolean {
  const version = store.version;
  // An odd version: a write is under way, and what it leaves is not known yet.
  if (version % 2 === 1) return false;
  const checks = checksAt(store, version);
  const key = relationshipKey(relationship);
  const known = checks.known.get(key);
  if (known === undefined && !checks.running.has(key)) {
    checks.running.add(key);
    store.query(checkStatement(relationship)).then(
      // A check that read across a write says nothing about the version after it.
      (rows) => store.version === version && checks.known.set(key, rows[0]?.[0] === true),
      () => checks.known.set(key, false),
    );
  }
  return known === true;
}
