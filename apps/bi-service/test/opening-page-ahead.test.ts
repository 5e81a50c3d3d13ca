/**
 * Decision 0217: when the frame reads a report, the service starts that report's opening page
 * under the token's identity, and the frame's batch joins those reads or finds them kept. DuckDB
 * runs are counted on the demo sales store itself (every query of the open and the secured
 * sales datasets goes through it).
 */
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { queryBatchLineSchema, type AuthoringReport, type Query } from '@vitrina/bi-model';
import { openingPageQueries } from '@vitrina/bi-model/visual-queries';
import { FilterType } from '@vitrina/embed-sdk/protocol';
import { loadConfig } from '../src/config.ts';
import type { DatasetStore } from '../src/engine/dataset-store.ts';
import type { DatasetRegistry } from '../src/engine/registry.ts';
import { demoWorkspaces, rowSecurityDemoContent } from '../demo/index.ts';
import { salesOverviewReport } from '../demo/reports-sales.ts';
import { salesDataset, securedSalesDataset } from '../demo/sales-model.ts';
import { deterministicGuid } from '../src/platform/ids.ts';
import { createQueryService } from '../src/modules/queries/query.service.ts';
import { signEmbedToken, type EmbedTokenClaims } from '../src/modules/identity/embed-token.ts';
import { appToken, call, startDemoDataService, type TestService } from './harness.ts';

const rowSecurityReportId = deterministicGuid('report', 'Ventas por país (seguridad por filas)');
const peru = 'gerente.peru@retailandino.demo';
const chile = 'gerente.chile@retailandino.demo';

let service: TestService & { registry: DatasetRegistry };
let url: string;
let store: DatasetStore;

beforeAll(async () => {
  service = await startDemoDataService([...demoWorkspaces, ...rowSecurityDemoContent]);
  url = service.url;
  store = service.registry.get(salesDataset.id)!.store;
});
afterAll(() => service.close());

/** DuckDB reads of the sales store, and a way to wait until every one of them has ended. */
let duckdb: MockInstance<DatasetStore['query']>;
beforeEach(() => {
  // Each test starts on a new data version, so nothing an earlier test read is kept.
  store.modelChanged();
  duckdb?.mockRestore();
  duckdb = vi.spyOn(store, 'query');
});
const duckdbRuns = () => duckdb.mock.calls.length;
/** No statement DuckDB was asked for ran twice. */
function ranOnceEach() {
  const statements = duckdb.mock.calls.map(([statement]) => JSON.stringify(statement));
  expect(new Set(statements).size).toBe(statements.length);
}
async function duckdbIdle() {
  // The early start waits for the report's answer to be on its way (setImmediate) first.
  await new Promise((done) => setImmediate(done));
  await Promise.allSettled(duckdb.mock.results.map((result) => result.value));
}

/** A View grant for one report and its dataset, with no identity. */
const viewGrant = (reportId: string, datasetId: string) => ({
  sub: 'test',
  reports: [reportId],
  datasets: [datasetId],
  dashboards: [],
  tiles: [],
  workspaces: [],
  accessLevel: 'View' as const,
  exp: Math.floor(Date.now() / 1000) + 3600,
});

async function embedToken(reportId: string, datasetId: string, username?: string) {
  const response = await call(url, '/v1.0/myorg/GenerateToken', {
    token: await appToken(url),
    body: {
      reports: [{ id: reportId }],
      datasets: [{ id: datasetId }],
      ...(username ? { identities: [{ username, roles: ['Pais'], datasets: [datasetId] }] } : {}),
    },
  });
  expect(response.status).toBe(200);
  return String(response.json['token']);
}

/** The frame's read of the report; `startPage` as the frame sends it (null: left out). */
async function readReport(reportId: string, token: string, startPage: string | null = '') {
  const search = startPage === null ? '' : `?${new URLSearchParams({ startPage })}`;
  const response = await call(url, `/v1.0/embed/reports/${reportId}${search}`, {
    token,
    scheme: 'EmbedToken',
  });
  expect(response.status).toBe(200);
  return response.json as unknown as AuthoringReport;
}

/** The frame's page batch: every line's rows, in query order. */
async function batch(datasetId: string, queries: Query[], token: string) {
  const response = await fetch(`${url}/v1.0/embed/datasets/${datasetId}/queries`, {
    method: 'POST',
    headers: { authorization: `EmbedToken ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ queries }),
  });
  expect(response.status).toBe(200);
  const lines = (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => queryBatchLineSchema.parse(JSON.parse(line)));
  return lines
    .sort((a, b) => a.index - b.index)
    .map((line) => ('result' in line ? line.result.rows : line.error));
}

const openingQueries = (report: AuthoringReport, pageName?: string) => {
  if (!('pages' in report.definition)) throw new Error('not an interactive report');
  return openingPageQueries(report.definition, report.dataset, pageName);
};
const onRelativeDates = (query: Query) =>
  (query.filters ?? []).some((filter) => filter.filterType === FilterType.RelativeDate);

describe('the opening page, started when the frame reads the report', () => {
  it('runs the page once: the batch that follows finds every query already read', async () => {
    const token = await embedToken(salesOverviewReport.id, salesDataset.id);
    const report = await readReport(salesOverviewReport.id, token);
    await duckdbIdle();
    const queries = openingQueries(report);
    // Queries on relative dates are never shared, so they would not be started early either.
    expect(queries.filter(onRelativeDates)).toEqual([]);
    expect(queries.length).toBeGreaterThan(5);
    // The page's queries run together: its cards share one statement (decision 0307).
    const early = duckdbRuns();
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(queries.length);
    ranOnceEach();

    const rows = await batch(salesDataset.id, queries, token);
    expect(rows.every(Array.isArray)).toBe(true);
    expect(duckdbRuns()).toBe(early);
  });

  it('lets a batch that arrives while the early reads run join them instead of running twice', async () => {
    const token = await embedToken(salesOverviewReport.id, salesDataset.id);
    const report = await readReport(salesOverviewReport.id, token);
    const queries = openingQueries(report);
    await batch(salesDataset.id, queries, token);
    await duckdbIdle();
    expect(duckdbRuns()).toBeGreaterThan(0);
    ranOnceEach();
  });

  it("never hands one identity's early reads to another: each sees its own rows", async () => {
    const forPeru = await embedToken(rowSecurityReportId, securedSalesDataset.id, peru);
    const report = await readReport(rowSecurityReportId, forPeru);
    await duckdbIdle();
    const started = duckdbRuns();
    expect(started).toBeGreaterThan(0);

    // Chile's batch runs the whole page itself...
    const queries = openingQueries(report);
    expect(queries.filter(onRelativeDates)).toEqual([]);
    const forChile = await embedToken(rowSecurityReportId, securedSalesDataset.id, chile);
    const chileRows = await batch(securedSalesDataset.id, queries, forChile);
    // (In fewer statements than Peru's early start, which also checked the joins its grouped
    // visuals could share: decision 0323.)
    const chileRuns = duckdbRuns() - started;
    expect(chileRuns).toBeGreaterThan(0);
    // ...while Peru's finds its own, started early, and runs nothing.
    const peruRows = await batch(securedSalesDataset.id, queries, forPeru);
    expect(duckdbRuns()).toBe(started + chileRuns);
    expect(JSON.stringify(peruRows)).not.toEqual(JSON.stringify(chileRows));
    const countries = (rows: unknown) => JSON.stringify(rows).match(/Perú|Chile/g) ?? [];
    expect(new Set(countries(peruRows))).toEqual(new Set(['Perú']));
    expect(new Set(countries(chileRows))).toEqual(new Set(['Chile']));
  });

  it('starts the page the frame names, and nothing when the frame names none', async () => {
    const token = await embedToken(salesOverviewReport.id, salesDataset.id);
    await readReport(salesOverviewReport.id, token, null);
    await duckdbIdle();
    expect(duckdbRuns()).toBe(0);

    const second = salesOverviewReport.definition.pages[1]!.name;
    const report = await readReport(salesOverviewReport.id, token, second);
    await duckdbIdle();
    const queries = openingQueries(report, second);
    expect(JSON.stringify(queries)).not.toEqual(JSON.stringify(openingQueries(report)));
    const started = duckdbRuns();
    expect(started).toBe(queries.filter((query) => !onRelativeDates(query)).length);
    await batch(salesDataset.id, queries, token);
    expect(duckdbRuns()).toBe(queries.length);
  });

  it('starts nothing for a token the dataset refuses, and the report is still answered', async () => {
    // GenerateToken would refuse this grant (the dataset needs an identity); a token signed
    // without one is refused by the dataset, so the frame's batch would be, and so is the start.
    const token = await signEmbedToken(service.services.embedTokenKey, {
      ...viewGrant(rowSecurityReportId, securedSalesDataset.id),
    });
    await readReport(rowSecurityReportId, token);
    await duckdbIdle();
    expect(duckdbRuns()).toBe(0);
  });

  it('starts nothing when BI_EARLY_QUERIES is off', async () => {
    const datasets = createQueryService(
      service.registry,
      { now: () => new Date() },
      { readAhead: false },
    );
    const claims: EmbedTokenClaims = {
      ...viewGrant(salesOverviewReport.id, salesDataset.id),
      ver: 1,
      jti: 'read-ahead-off',
      iat: 0,
    };
    const dataset = service.registry.schema(salesDataset.id)!;
    datasets.readPageAhead(claims, { ...salesOverviewReport, dataset }, '');
    await duckdbIdle();
    expect(duckdbRuns()).toBe(0);
    expect(loadConfig({ BI_EARLY_QUERIES: 'false' }).earlyQueries).toBe(false);
  });
});
