/**
 * How many threads DuckDB gives a dataset's statements, by the size of its largest table
 * (decision 0326). A page's statements already run side by side on the store's connections, one
 * thread each, so on a busy service they fill the cores without splitting each statement; split,
 * a statement over a million rows cost about a quarter more CPU (threads that merge partial hash
 * tables and wait on each other) for a few milliseconds less wall time. Above a few million rows a
 * single statement alone (a viewer's large visual on a quiet service) is worth every core again,
 * so the dataset is read as DuckDB reads by default.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

/** Rows in a dataset's largest table up to which its statements run on one thread each. */
export const ONE_THREAD_MAX_ROWS = 2_000_000;

/** What a store's reads are set to: one thread each, or DuckDB's default (every core). */
type QueryThreads = 'one' | 'all';

/** The setting for the data as it is now (row counts from DuckDB's metadata, no scan). */
export async function threadsForData(connection: DuckDBConnection): Promise<QueryThreads> {
  const sizes = await connection.runAndReadAll(
    'SELECT coalesce(max(estimated_size), 0) FROM duckdb_tables() WHERE database_name = current_database() AND NOT temporary',
  );
  return Number(sizes.getRows()[0]![0]) <= ONE_THREAD_MAX_ROWS ? 'one' : 'all';
}

/** Applies `threads` to the whole database (DuckDB's `threads` is not per connection). */
export async function applyThreads(connection: DuckDBConnection, threads: QueryThreads) {
  await connection.run(threads === 'one' ? 'SET threads = 1' : 'RESET threads');
}
