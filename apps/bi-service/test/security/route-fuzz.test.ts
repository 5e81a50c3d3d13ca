/**
 * A schema-driven fuzz of every JSON route: requests generated from each route's own schemas,
 * and the same requests broken, sent with good, bad and missing credentials. No answer may be
 * 5xx, and a rejected request must leave the stored data as it was. The figures are printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { publishedDemoCredentials } from '@vitrina/env/demo';
import { arbitraryFor, mutated } from '@vitrina/test-support/schema-arbitrary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceIdFor } from '../../src/modules/tenant/catalog.service.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatasetRegistry } from '../../src/engine/registry.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createServices, type BiServices } from '../../src/services.ts';
import { signEmbedToken } from '../../src/modules/identity/embed-token.ts';
import { fixtureContent, ids } from '../fixture-content.ts';
import { comercial, finanzas, powerBiScope, servicePrincipal } from '../harness.ts';
import { miniRetail, openMiniRetail, securedMiniRetail } from '../mini-retail.ts';
import { appWithRoutes } from '../route-catalog.ts';
import { examples } from '../fuzz/route-examples.ts';
import { createScriptedRenderer } from '../support/scripted-renderer.ts';

const runsPerRoute = Number(process.env['FUZZ_RUNS'] ?? 80);
const seed = Number(process.env['FUZZ_SEED'] ?? 17);
/** HTML pages and frame files have no JSON schema to fuzz from (see route-schemas.test.ts). */
const htmlRoutes = /^\/(reportEmbed|dashboardEmbed|embed|qnaEmbed|rdlEmbed|frame-assets\/\*)$/;

let dataRoot: string;
let registry: DatasetRegistry;
let services: BiServices;
let app: FastifyInstance;
let routes: RouteOptions[];
let authorizations: (string | undefined)[];

const workspaces = ['Comercial', 'Finanzas'].map(workspaceIdFor);
const reports = [ids.salesReport, ids.listingReport, ids.marginReport, ids.financeReport];
const datasets = [miniRetail.id, securedMiniRetail.id, ids.salesDataset, ids.financeDataset];
const tables = miniRetail.tables;
const hints: Record<string, readonly string[]> = {
  groupId: workspaces,
  reportId: reports,
  dashboardId: [ids.salesDashboard],
  tileId: [ids.salesTile, ids.marginTile],
  datasetId: datasets,
  id: [...reports, ...datasets, ...workspaces],
  tenant: ['vitrina', 'common'],
  grant_type: ['password', 'client_credentials'],
  client_id: [comercial.clientId, finanzas.clientId, servicePrincipal.clientId],
  client_secret: [servicePrincipal.secret],
  username: [comercial.username, finanzas.username],
  password: [comercial.password, finanzas.password],
  scope: [powerBiScope],
  accessLevel: ['View', 'Edit', 'Create', 'view'],
  table: tables.map((table) => table.name),
  column: tables.flatMap((table) => table.columns.map((column) => column.name)),
  measure: tables.flatMap((table) => (table.measures ?? []).map((measure) => measure.name)),
  datasets,
  roles: ['Region', 'Gerencia', 'Pais'],
  question: ['ventas por país', 'total por categoría', 'top 3 productos por total'],
};
const vocabulary = { hints, words: [...new Set(Object.values(hints).flat())] };

async function bearerToken(form: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/vitrina/oauth2/v2.0/token',
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return String(response.json<Record<string, unknown>>()['access_token']);
}

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-fuzz-'));
  ({ registry } = await openMiniRetail());
  const config = loadConfig({
    DATA_DIR: dataRoot,
    VITRINA_DEMO: 'false',
    BI_RATE_LIMIT_PER_MINUTE: '1000000',
    BI_AUTH_FAILURES_PER_WINDOW: '1000000',
  });
  // Every fixture report reads the mini retail schema, so the frame's report call can succeed.
  const datasetSchemas = {
    schema: (id: string) => registry.schema(id) ?? registry.schema(miniRetail.id),
    get: (id: string) => registry.get(id),
  };
  // Exports are queued and fail at once: no browser in this tier.
  const exportRenderer = createScriptedRenderer();
  exportRenderer.unavailable('Sin navegador en esta prueba');
  services = createServices(config, { datasetSchemas, exportRenderer: exportRenderer.renderer });
  await seedDemo(services, fixtureContent, publishedDemoCredentials);
  ({ app, routes } = await appWithRoutes(services));
  const application = await bearerToken({
    grant_type: 'client_credentials',
    client_id: servicePrincipal.clientId,
    client_secret: servicePrincipal.secret,
    scope: powerBiScope,
  });
  const person = await bearerToken({
    grant_type: 'password',
    client_id: comercial.clientId,
    username: comercial.username,
    password: comercial.password,
    scope: powerBiScope,
  });
  const embed = await signEmbedToken(services.embedTokenKey, {
    sub: 'fuzz',
    reports: [ids.salesReport, ids.listingReport, ids.marginReport, ids.financeReport],
    datasets: [miniRetail.id, securedMiniRetail.id, ids.salesDataset],
    dashboards: [ids.salesDashboard],
    tiles: [ids.salesTile, ids.marginTile],
    workspaces: [workspaceIdFor('Comercial')],
    accessLevel: 'Create',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  authorizations = [
    `Bearer ${application}`,
    `Bearer ${person}`,
    `EmbedToken ${embed}`,
    `EmbedToken  ${embed.slice(0, -3)}abc`,
    'Bearer made-up',
    `Basic ${Buffer.from('a%ZZ:b').toString('base64')}`,
    undefined,
  ];
});

afterAll(async () => {
  await app.close();
  await services.close();
  registry.close();
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Everything a request could change: reports and every saved revision. */
async function storedData() {
  const reports = await services.db.selectFrom('reports').selectAll().orderBy('id').execute();
  const revisions = await services.db
    .selectFrom('report_revisions')
    .selectAll()
    .orderBy('report_id')
    .orderBy('revision')
    .execute();
  return JSON.stringify({ reports, revisions });
}

interface FuzzRequest {
  params: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

const expects = (route: RouteOptions, header: string | undefined) =>
  route.url.startsWith('/v1.0/embed/')
    ? header?.startsWith('EmbedToken ') === true
    : route.url.startsWith('/v1.0/myorg/')
      ? header?.startsWith('Bearer ') === true
      : header === undefined;

function requestsFor(route: RouteOptions): FuzzRequest[] {
  const schema = (route.schema ?? {}) as { params?: z.ZodType; body?: z.ZodType };
  const params = schema.params ? arbitraryFor(schema.params, vocabulary) : fc.constant({});
  const example = examples()[route.url];
  const generated = schema.body ? arbitraryFor(schema.body, vocabulary) : fc.constant(undefined);
  const validBody = example ? fc.oneof(fc.constant(example.body), generated) : generated;
  const body = fc.oneof(validBody, mutated(validBody));
  const request = fc.record({
    params: (example ? fc.oneof(fc.constant(example.params), params) : params) as fc.Arbitrary<
      Record<string, string>
    >,
    body: route.method === 'GET' ? fc.constant(undefined) : body,
    // The credential the route expects half of the time, any other (or none) otherwise.
    authorization: fc.oneof(
      fc.constantFrom(...authorizations.filter((header) => expects(route, header))),
      fc.constantFrom(...authorizations),
    ),
  });
  return fc.sample(request, { numRuns: runsPerRoute, seed });
}

/** A form body as a client would send it: every value as text. */
const formOf = (fields: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(fields).map(([name, value]): [string, string] => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  ).toString();

function pathOf(url: string, params: Record<string, string>) {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}

describe('schema-driven fuzz of every route', () => {
  it('answers no request with 5xx and leaves the data as it was after every rejection', async () => {
    const perStatus = new Map<number, number>();
    const perRoute = new Map<string, Record<number, number>>();
    const failures: string[] = [];
    let sent = 0;
    let rejectedWrites = 0;
    for (const route of routes.filter((candidate) => !htmlRoutes.test(candidate.url))) {
      const method = String(route.method) as 'GET' | 'POST';
      const form = route.url.endsWith('/token');
      for (const request of requestsFor(route)) {
        const before = method === 'POST' ? await storedData() : '';
        const isObject =
          request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body);
        const payload =
          request.body === undefined
            ? undefined
            : form && isObject
              ? formOf(request.body as Record<string, unknown>)
              : JSON.stringify(request.body);
        const response = await app.inject({
          method,
          url: pathOf(route.url, request.params),
          headers: {
            ...(request.authorization ? { authorization: request.authorization } : {}),
            ...(payload === undefined
              ? {}
              : {
                  'content-type':
                    form && isObject ? 'application/x-www-form-urlencoded' : 'application/json',
                }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        sent += 1;
        perStatus.set(response.statusCode, (perStatus.get(response.statusCode) ?? 0) + 1);
        const routeName = `${method} ${route.url}`;
        const counts = perRoute.get(routeName) ?? {};
        counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
        perRoute.set(routeName, counts);
        const summary = `${method} ${route.url} ${JSON.stringify(request).slice(0, 300)}`;
        if (response.statusCode >= 500) failures.push(`${response.statusCode} ${summary}`);
        if (method === 'POST' && response.statusCode >= 400) {
          rejectedWrites += 1;
          if ((await storedData()) !== before) failures.push(`data changed: ${summary}`);
        }
      }
    }
    const statuses = [...perStatus.entries()].sort(([a], [b]) => a - b);
    console.info(
      `BI fuzz (seed ${seed}): ${sent} requests, ${rejectedWrites} rejected POSTs; per status: ` +
        statuses.map(([status, count]) => `${status} × ${count}`).join(', '),
    );
    for (const [name, counts] of perRoute) console.info(`  ${name}: ${JSON.stringify(counts)}`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // The generator reaches past validation: some requests succeed, others are refused.
    expect(perStatus.get(200) ?? 0).toBeGreaterThan(0);
    expect(perStatus.get(400) ?? 0).toBeGreaterThan(0);
  }, 300_000);
});
