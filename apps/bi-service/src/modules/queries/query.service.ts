/**
 * What every data call of the embed API does: find the dataset, check that the token was
 * generated for it, take the token's effective identity for it, then run the query, export or
 * question. Nothing the frame sends besides the token decides scope or identity.
 */
import {
  isPaginated,
  MAX_QUERY_ROWS,
  qnaAnswerSchema,
  querySchema,
  type EmbedReport,
  type ParsedQuery,
  type Query,
  type QueryBatchLine,
  type QueryResult,
} from '@vitrina/bi-model';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import type { Clock } from '../../platform/clock.ts';
import { QueryError } from '../../engine/query-error.ts';
import type { DatasetSource, LoadedDataset } from '../../engine/registry.ts';
import { entityNotFound, invalidRequest, notAuthorized } from '../../http/powerbi-error.ts';
import { assertTokenCovers, type EmbedTokenClaims } from '../identity/embed-token.ts';
import { toCsv } from './csv.ts';
import { inCompletionOrder } from './in-completion-order.ts';
import { interpretQuestion } from './qna.ts';
import { createResultCache, type ResultCache, type ResultKey } from './result-cache.ts';
import { runQueries, type RunOptions } from '../../engine/query/run-page.ts';
import { runQuery, runUnderlying } from '../../engine/query/run-query.ts';

interface DatasetAccess {
  /** The dataset's id as registered (lower case). */
  id: string;
  dataset: LoadedDataset;
  /** Run options carrying the token's effective identity for this dataset, if any. */
  options: RunOptions;
}

/** A query the dataset cannot answer is the caller's mistake: 400 InvalidRequest. */
async function asInvalidRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueryError) throw invalidRequest(error.message);
    throw error;
  }
}

/**
 * Runs a page's queries on a dataset: in this process (`runQueries`), or on a query worker
 * (`workerPageRunner`). One answer per query, in order; each from data at least as new as the
 * store's version when called, which is the version the result cache keys them on.
 */
export type PageRunner = (
  dataset: LoadedDataset,
  queries: readonly ParsedQuery[],
  options: RunOptions,
) => Promise<QueryResult>[];

export interface QueryServiceOptions {
  results?: ResultCache;
  /** Start a report's opening page when the frame reads the report (BI_EARLY_QUERIES). */
  readAhead?: boolean;
  runPage?: PageRunner;
}

export function createQueryService(
  source: DatasetSource,
  clock: Clock,
  {
    results = createResultCache(),
    readAhead = true,
    runPage = runQueries,
  }: QueryServiceOptions = {},
) {
  function open(claims: EmbedTokenClaims, datasetId: string): DatasetAccess {
    const id = datasetId.toLowerCase();
    const dataset = source.get?.(id);
    if (!dataset) throw entityNotFound(`Dataset ${datasetId}`);
    assertTokenCovers(claims, 'dataset', id);
    const identity = claims.identities?.find((candidate) => candidate.datasets.includes(id));
    // Fail closed: a dataset with roles is never read without an identity to filter it by.
    if ((dataset.model.definition.roles ?? []).length > 0 && !identity) {
      throw notAuthorized(`Dataset ${datasetId} requires an effective identity`);
    }
    const options: RunOptions = { today: clock.now() };
    if (identity) options.identity = { username: identity.username, roles: identity.roles };
    return { id, dataset, options };
  }

  function resultKey({ id, dataset, options }: DatasetAccess, query: Query): ResultKey {
    return {
      datasetId: id,
      // Read before the query runs: a write that starts meanwhile makes this version stale.
      version: dataset.store.version,
      identity: options.identity,
      query: querySchema.parse(query),
    };
  }

  /** A visual's rows: kept, or joined to an identical read under way, else from DuckDB (then kept). */
  async function cachedQuery(access: DatasetAccess, query: Query) {
    const key = resultKey(access, query);
    return results.read(key, () => runPage(access.dataset, [key.query], access.options)[0]!);
  }

  /**
   * A page's rows through the cache, as `cachedQuery` reads each (`read` is the cache's read or
   * read-ahead): those neither kept nor under way run together, sharing scans and statements
   * (decision 0307). One answer per query, in order. The batch route has checked every query
   * against the contract already; for the early start, a query it refuses stops the whole page.
   */
  function cachedPage<T>(
    access: DatasetAccess,
    queries: readonly Query[],
    read: (key: ResultKey, run: () => Promise<QueryResult>) => T,
  ): T[] {
    const misses: {
      query: ParsedQuery;
      settle: (answer: Promise<QueryResult>) => void;
    }[] = [];
    // Every key first: a query the contract refuses throws before any read is left waiting.
    const keys = queries.map((query) => resultKey(access, query));
    const answers = keys.map((key) =>
      read(
        key,
        () => new Promise<QueryResult>((settle) => misses.push({ query: key.query, settle })),
      ),
    );
    const ran = runPage(
      access.dataset,
      misses.map(({ query }) => query),
      access.options,
    );
    misses.forEach(({ settle }, index) => settle(ran[index]!));
    return answers;
  }

  /**
   * One batch line: the result, or the error a single query call would have answered. A failure
   * that is not the caller's (DuckDB's, a query worker's) is an `InternalError` line without its
   * details, given to `onFailure` in full: the page's other lines still come.
   */
  async function batchLine(
    answer: Promise<QueryResult>,
    index: number,
    onFailure: (error: unknown) => void,
  ): Promise<QueryBatchLine> {
    try {
      return { index, result: await answer };
    } catch (error) {
      if (error instanceof QueryError) {
        return { index, error: { code: 'InvalidRequest', message: error.message } };
      }
      onFailure(error);
      return { index, error: { code: 'InternalError', message: 'The query could not be run' } };
    }
  }

  return {
    /**
     * The dataset's version: it changes with every push, import, refresh or schema change (0 for
     * datasets that never change), so results can be cached under (dataset, version, query).
     */
    version(datasetId: string): number | undefined {
      return source.get?.(datasetId.toLowerCase())?.version;
    },

    /**
     * Starts a page of the report (`pageName`, else its opening page) under the token's identity,
     * as the frame will ask for it once it has read the report (decision 0217): the frame's batch
     * then joins these reads or finds them kept. Nothing is answered here; whatever refuses or
     * fails, the frame meets on its own request.
     */
    readPageAhead(
      claims: EmbedTokenClaims,
      report: Pick<EmbedReport, 'datasetId' | 'definition' | 'dataset'>,
      pageName?: string,
    ): void {
      if (!readAhead || isPaginated(report.definition)) return;
      try {
        const access = open(claims, report.datasetId);
        const page = openingPageQueries(report.definition, report.dataset, pageName);
        cachedPage(access, page, results.readAhead);
      } catch {
        // A refused token or a query the contract rejects: the frame's own request says so.
      }
    },

    /** A visual's rows (docs/bi-embed-api.md `Query`). */
    query(claims: EmbedTokenClaims, datasetId: string, query: Query) {
      const access = open(claims, datasetId);
      return asInvalidRequest(() => cachedQuery(access, query));
    },

    /**
     * A page's queries (docs/bi-embed-api.md `QueryBatchRequest`): the token is checked now, then
     * the queries run side by side and each line comes out as soon as its query ends.
     */
    queryBatch(
      claims: EmbedTokenClaims,
      datasetId: string,
      queries: readonly Query[],
      onFailure: (error: unknown) => void,
    ): AsyncGenerator<QueryBatchLine> {
      const access = open(claims, datasetId);
      const answers = cachedPage(access, queries, results.read);
      return inCompletionOrder(answers.map((answer, index) => batchLine(answer, index, onFailure)));
    },

    /** A visual's data as CSV: 0 summarized (what the visual shows), 1 underlying (fact rows). */
    export(
      claims: EmbedTokenClaims,
      datasetId: string,
      request: {
        query: Query;
        exportDataType: 0 | 1;
        rows?: number | undefined;
        locale?: string | undefined;
      },
    ): Promise<string> {
      const { dataset, options } = open(claims, datasetId);
      const { query, exportDataType } = request;
      const rows = Math.min(request.rows ?? MAX_QUERY_ROWS, MAX_QUERY_ROWS);
      return asInvalidRequest(async () => {
        const result =
          exportDataType === 1
            ? await runUnderlying(dataset, query, rows, options)
            : await runQuery(
                dataset,
                { ...query, limit: Math.min(rows, query.limit ?? rows) },
                options,
              );
        return toCsv(result, request.locale);
      });
    },

    /** A question → `{ query, visualType, title }`. */
    qna(claims: EmbedTokenClaims, datasetId: string, question: string) {
      const { dataset } = open(claims, datasetId);
      // The contract's answer has the query's defaults filled in, as the frame reads it.
      return asInvalidRequest(async () =>
        qnaAnswerSchema.parse(interpretQuestion(dataset.model.definition, question)),
      );
    },
  };
}

export type QueryService = ReturnType<typeof createQueryService>;
