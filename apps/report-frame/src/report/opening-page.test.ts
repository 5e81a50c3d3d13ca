/**
 * The BI service starts a report's opening page with `openingPageQueries` as soon as the frame
 * reads the report (decision 0217); that saves time only if the frame's first batch asks for
 * exactly those queries. This pins the two together, with filters at every level and a hidden
 * page first.
 */
import { describe, expect, it } from 'vitest';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import { sampleReport } from '../../test/sample-report.ts';
import { BiClient } from '../api/bi-client.ts';
import type { Filter, Query, QueryResult } from '@vitrina/bi-model';
import { createFormatter } from '../i18n/format.ts';
import { messagesFor } from '../i18n/messages.ts';
import { ReportController, type ReportSetup } from './report-controller.ts';

/** Records the batches the frame sends; nothing is answered. */
class RecordingClient extends BiClient {
  readonly batches: Query[][] = [];

  override queryBatch(_datasetId: string, queries: readonly Query[]): Promise<QueryResult>[] {
    this.batches.push([...queries]);
    return queries.map(() => new Promise<QueryResult>(() => undefined));
  }
}

const countryIs = (value: string): Filter => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Tienda', column: 'País' },
  filterType: 1,
  operator: 'In',
  values: [value],
});

const [summary, hidden] = sampleReport.definition.pages;
/** The sample report with a filter on each level, opening past a hidden first page. */
const filtered: ReportSetup['report'] = {
  ...sampleReport,
  definition: {
    ...sampleReport.definition,
    filters: [countryIs('Perú')],
    pages: [
      hidden!,
      {
        ...summary!,
        filters: [countryIs('Chile')],
        visuals: summary!.visuals.map((visual, index) =>
          index === 1 ? { ...visual, filters: [countryIs('Ecuador')] } : visual,
        ),
      },
    ],
  },
};

async function firstBatch(setup: Partial<ReportSetup>): Promise<Query[]> {
  const client = new RecordingClient('token');
  const context = {
    messages: messagesFor('es'),
    format: createFormatter('es-ES', ''),
    emit: () => undefined,
  };
  new ReportController(
    client,
    { report: filtered, pageName: undefined, filters: [], settings: {}, renderNow: true, ...setup },
    context,
  );
  // The page's queries go out together once the task that asked for them ends.
  await Promise.resolve();
  expect(client.batches).toHaveLength(1);
  return client.batches[0]!;
}

describe('the opening page the BI service starts early', () => {
  it('is exactly the first batch the frame sends for the report', async () => {
    const early = openingPageQueries(filtered.definition, filtered.dataset);
    expect(early.length).toBeGreaterThan(3);
    expect(JSON.stringify(early)).toContain('Ecuador');
    expect(await firstBatch({})).toEqual(early);
  });

  it('differs when the embed configuration adds filters (the early start is then not used)', async () => {
    const early = openingPageQueries(filtered.definition, filtered.dataset);
    const withFilters = await firstBatch({ filters: [countryIs('Bolivia')] });
    expect(withFilters).not.toEqual(early);
  });
});
