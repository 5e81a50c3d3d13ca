/**
 * One dataset's DuckDB database and a small pool of connections, so concurrent visual queries run
 * side by side (a DuckDB connection runs one statement at a time).
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Fragment } from './sql.ts';
import type { DatasetDefinition } from './model.ts';
import { applyThreads, threadsForData } from './query-threads.ts';
import { StatementResults } from './statement-results.ts';
import { bindType } from './table-writer.ts';

export type CellValue = string | number | boolean | null;

const POOL_SIZE = 4;

/** DuckDB values → JSON-friendly cells: integers as numbers, dates as 'YYYY-MM-DD'. */
function toCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (typeof value === 'object' && 'toDouble' in value && typeof value.toDouble === 'function') {
    return value.toDouble() as number;
  }
  return String(value);
}

export class DatasetStore {
  readonly definition: DatasetDefinition;
  private readonly instance: DuckDBInstance;
  private readonly idle: DuckDBConnection[];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];
  private writes = 0;
  /** Whether DuckDB's threads follow the data's size (false: the opener chose them). */
  private readonly fitsThreads: boolean;
  private readonly results = new StatementResults(() => this.version);

  private constructor(
    definition: DatasetDefinition,
    instance: DuckDBInstance,
    connections: DuckDBConnection[],
    fitsThreads: boolean,
  ) {
    this.definition = definition;
    this.instance = instance;
    this.idle = connections;
    this.fitsThreads = fitsThreads;
  }

  /**
   * Opens (creating if needed) the database file; `':memory:'` gives a throwaway database.
   * `options` are DuckDB's settings: a query worker opens a published copy read-only with a share
   * of the cores (`access_mode`, `threads`). Without `threads`, the store fits them to the data's
   * size (query-threads.ts), now and after every write.
   */
  static async open(
    definition: DatasetDefinition,
    file: string,
    options?: Record<string, string>,
  ): Promise<DatasetStore> {
    const instance = await DuckDBInstance.create(file, options);
    const connections = await Promise.all(
      Array.from({ length: POOL_SIZE }, () => instance.connect()),
    );
    const store = new DatasetStore(definition, instance, connections, !options?.['threads']);
    await store.fitThreads();
    return store;
  }

  /** One thread per statement for a small dataset, every core for a large one (decision 0326). */
  private async fitThreads(): Promise<void> {
    if (!this.fitsThreads) return;
    await this.lease(async (connection) => {
      try {
        // Set every time: a write may have changed them (an import resets its own single thread).
        await applyThreads(connection, await threadsForData(connection));
      } catch {
        // The threads stay as they were: what they cost is CPU, never an answer. Fitted again
        // after the next write.
      }
    });
  }

  /**
   * The data's version: every write (anything run through `withConnection`) raises it, once as it
   * starts and once as it ends, so no answer read before or during a write is taken for the data
   * after it. Result caches key on it.
   */
  get version(): number {
    return this.writes;
  }

  /**
   * This store replaces one that answered for the same dataset id (a re-import): its versions
   * continue above the old store's, so no result cached from the old data matches the new.
   */
  continueVersionsAfter(replaced: DatasetStore): void {
    this.writes += replaced.version + 2;
  }

  /**
   * The model read over this data changed (its roles, say) while the data did not: answers
   * cached under the old version may show what the new model hides, so the version moves on.
   */
  modelChanged(): void {
    this.writes += 2;
  }

  /** Runs `work` on a connection of its own (for loading, generation and every other write). */
  async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    this.writes += 1;
    try {
      return await this.lease(work);
    } finally {
      this.writes += 1;
      // After the write's own settings (an import's single thread) are put back.
      await this.fitThreads();
    }
  }

  private async lease<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection =
      this.idle.pop() ??
      (await new Promise<DuckDBConnection>((resolve) => this.waiting.push(resolve)));
    try {
      return await work(connection);
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }

  /**
   * One statement's rows as cells, read with its bound values, or kept from an earlier read of the
   * same statement at this version (statement-results.ts). The rows are shared: not to be changed.
   */
  query(statement: Fragment): Promise<CellValue[][]> {
    return this.results.rows(statement, () => this.read(statement));
  }

  private read(statement: Fragment): Promise<CellValue[][]> {
    return this.lease(async (connection) => {
      const reader = await connection.runAndReadAll(
        statement.sql,
        [...statement.params],
        statement.params.map(bindType),
      );
      return reader.getRows().map((row) => row.map(toCell));
    });
  }

  /**
   * Writes a copy of the committed data to a new database file (`COPY FROM DATABASE`), as one
   * transaction sees it: a write running meanwhile is either wholly in the copy or not at all.
   * Not a write itself, so the version does not move.
   */
  copyTo(file: string): Promise<void> {
    return this.lease(async (connection) => {
      const source = (await connection.runAndReadAll('SELECT current_database()')).getRows()[0]![0];
      const quotedFile = `'${file.replaceAll("'", "''")}'`;
      await connection.run(`ATTACH ${quotedFile} AS published_copy`);
      try {
        await connection.run(`COPY FROM DATABASE "${String(source)}" TO published_copy`);
        await connection.run('CHECKPOINT published_copy');
      } finally {
        await connection.run('DETACH published_copy');
      }
    });
  }

  close(): void {
    for (const connection of this.idle) connection.closeSync();
    this.idle.length = 0;
    this.instance.closeSync();
  }
}
