/**
 * Runs every query of a page's visuals, reusing results for identical queries. The queries asked
 * for in one task (a page, a print, a dashboard tile) go to the BI service as one batch per
 * dataset, and each visual's promise settles as soon as its own rows arrive.
 */
import type { BiClient } from '../api/bi-client.ts';
import type { PageDefinition, Query, QueryResult } from '../api/types.ts';
import { queriesForVisual } from '@vitrina/bi-model/visual-queries';
import { visualKey, type ReportViewState } from './report-state.ts';
import { filtersForVisual } from './visual-filters.ts';

const MAX_CACHED = 300;

interface QueuedQuery {
  datasetId: string;
  query: Query;
  resolve: (result: QueryResult) => void;
  reject: (error: unknown) => void;
}

export class QueryCache {
  private readonly entries = new Map<string, Promise<QueryResult>>();
  private readonly client: BiClient;
  private queued: QueuedQuery[] = [];

  constructor(client: BiClient) {
    this.client = client;
  }

  run(datasetId: string, version: number, query: Query): Promise<QueryResult> {
    const key = `${datasetId}|${version}|${JSON.stringify(query)}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = this.enqueue(datasetId, query);
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
      const oldest = this.entries.keys().next();
      if (this.entries.size > MAX_CACHED && !oldest.done) this.entries.delete(oldest.value);
    }
    return entry;
  }

  /** Queues a query for the batch sent once the current task has asked for all of its own. */
  private enqueue(datasetId: string, query: Query): Promise<QueryResult> {
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) queueMicrotask(() => this.flush());
      this.queued.push({ datasetId, query, resolve, reject });
    });
  }

  private flush(): void {
    const byDataset = new Map<string, QueuedQuery[]>();
    for (const queued of this.queued) {
      byDataset.set(queued.datasetId, [...(byDataset.get(queued.datasetId) ?? []), queued]);
    }
    this.queued = [];
    for (const [datasetId, group] of byDataset) {
      const answers = this.client.queryBatch(
        datasetId,
        group.map(({ query }) => query),
      );
      answers.forEach((answer, index) => {
        const { resolve, reject } = group[index]!;
        answer.then(resolve, reject);
      });
    }
  }
}

export function queriesForPageVisual(
  state: ReportViewState,
  page: PageDefinition,
  visualName: string,
  fullLength = false,
) {
  const visual = page.visuals.find((v) => v.name === visualName);
  if (!visual) return {};
  const key = visualKey(page.name, visual.name);
  return queriesForVisual({
    visual,
    schema: state.report.dataset,
    filters: filtersForVisual(state, page.name, visual),
    sort: state.sorts[key],
    drillDepth: state.drill[key]?.depth ?? 0,
    fullLength,
  });
}
