/** A paginated report: one query, printed as a paged table (rowsPerPage rows per sheet). */
import type { BiClient } from '../api/bi-client.ts';
import type { EmbedReport, PaginatedDefinition, QueryResult } from '../api/types.ts';
import type { ViewContext } from '../protocol/view-context.ts';
import { Store } from '../state/store.ts';
import { printDocument } from '../report/print-mode.ts';

export interface PaginatedState {
  result: QueryResult | null;
  error: string | null;
  pageIndex: number;
  printing: boolean;
}

export class PaginatedView {
  readonly report: EmbedReport & { definition: PaginatedDefinition };
  readonly store = new Store<PaginatedState>({
    result: null,
    error: null,
    pageIndex: 0,
    printing: false,
  });
  readonly session: ViewContext;
  private readonly client: BiClient;

  constructor(
    client: BiClient,
    report: EmbedReport & { definition: PaginatedDefinition },
    session: ViewContext,
  ) {
    this.client = client;
    this.report = report;
    this.session = session;
  }

  async load(): Promise<void> {
    try {
      const result = await this.client.query(this.report.datasetId, this.report.definition.query);
      this.store.set({ result });
    } catch (error) {
      this.store.set({ error: error instanceof Error ? error.message : String(error) });
    }
  }

  get pageCount(): number {
    const rows = this.store.get().result?.rows.length ?? 0;
    return Math.max(1, Math.ceil(rows / Math.max(1, this.report.definition.rowsPerPage)));
  }

  /** Prints every page: the view shows all of them while the print dialog is open. */
  async print(): Promise<void> {
    this.store.set({ printing: true });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    document.documentElement.dataset['printedPages'] = String(this.pageCount);
    await printDocument();
    this.store.set({ printing: false });
  }
}
