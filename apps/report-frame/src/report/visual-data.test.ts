import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { BiClient } from '../api/bi-client.ts';
import type { Query, QueryResult } from '../api/types.ts';
import { createFormatter } from '../i18n/format.ts';
import { messagesFor } from '../i18n/messages.ts';
import { ReportController } from './report-controller.ts';
import { QueryCache } from '../state/query-cache.ts';
import { loadVisualData } from '../visuals/visual-data.ts';

/** The BI service as the frame sees it, counting what it is asked. */
class CountingClient extends BiClient {
  asked = 0;
  override queryBatch(_datasetId: string, queries: readonly Query[]): Promise<QueryResult>[] {
    this.asked += queries.length;
    return queries.map(async () => ({ columns: [], rows: [], truncated: false }));
  }
}

describe('the data of a visual', () => {
  it('asks nothing for a visual with empty wells, and says it needs fields', async () => {
    const client = new CountingClient('token');
    const context = {
      messages: messagesFor('es'),
      format: createFormatter('es-ES', ''),
      emit: () => {},
    };
    const setup = {
      report: sampleReport,
      pageName: undefined,
      filters: [],
      settings: {},
      renderNow: false,
    };
    const controller = new ReportController(client, setup, context);
    const first = sampleReport.definition.pages[0]!;
    const name = 'Nuevo';
    const layout = { x: 0, y: 600, z: 9, width: 200, height: 100 };
    const page = {
      ...first,
      visuals: [
        ...first.visuals,
        { name, type: 'clusteredColumnChart' as const, layout, fields: {} },
      ],
    };
    const cache = new QueryCache(client);

    const empty = await loadVisualData(cache, controller.state, page, name);
    expect(empty).toEqual({ results: {}, needsFields: true });
    expect(client.asked).toBe(0);
    const card = await loadVisualData(cache, controller.state, page, 'V1');
    expect(card.needsFields).toBeUndefined();
    expect(client.asked).toBeGreaterThan(0);
  });
});
