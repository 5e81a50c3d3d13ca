import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../src/db/database.ts';
import { tablesChildFirst, type Database } from '../../src/db/schema.ts';
import { createSecretBox } from '../../src/modules/accounts/secret-box.ts';
import { startFakeBiService, type FakeBiService } from '../bi-client/fake-bi-service.ts';
import { seedFixture, type Fixture } from '../fixtures.ts';
import {
  buildTestApp,
  callApi,
  resetDatabase,
  testDialects,
  tokenFor,
  type ApiRequest,
  type TestApp,
} from '../helper.ts';
import { conforming, mutated, type JsonSchema } from '@vitrina/test-support/schema-arbitrary';

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/**
 * Per route and dialect: 25 runs give each of the five callers about five requests, conforming
 * bodies most often (decision 0241; 40 took this file to 85 s, the fast tier's slowest).
 */
const runsPerRoute = 25;
/** Passwords, GUIDs and names often need letters and digits together to get past validation. */
const vocabulary = {
  hints: {},
  words: ['Clave1234', 'Nueva1234', '00000000-0000-0000-0000-000000000000', 'lectora'],
};

/** Bodies for a route: conforming ones most often, then near misses and anything. */
function bodiesFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), mutated(fc.constant(undefined)));
  const valid = conforming(schema, vocabulary);
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: mutated(valid), weight: 3 });
}
const callers = ['administrator', 'viewer', 'otherViewer', 'anonymous', 'forged'] as const;
type Caller = (typeof callers)[number];

/**
 * Tables that an accepted "Enviar ahora" goes on writing after its 202, while the run is sent in
 * the background: a later refused request of the same route would see those writes as its own.
 * Its refusals are checked on every other table (that they create no run is the routes' own test).
 */
const writtenBySendingRuns = new Set<string>([
  'subscription_runs',
  'subscription_deliveries',
  'audit_log',
  'audit_chain_heads',
]);

/**
 * Every table's rows. PostgreSQL answers for all tables in one statement: a refused write is
 * checked by two such reads, and one round trip per table was most of this file's time there.
 */
async function rowsByTable(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<Record<string, Record<string, unknown>[]>> {
  if (dialect === 'postgres') {
    const tables = tablesChildFirst.map(
      (table) =>
        sql`${sql.lit(table)}, (select coalesce(json_agg(t), '[]'::json) from ${sql.table(table)} t)`,
    );
    const { rows } = await sql<{
      tables: Record<string, Record<string, unknown>[]>;
    }>`select json_build_object(${sql.join(tables)}) as tables`.execute(db);
    return rows[0]!.tables;
  }
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const table of tablesChildFirst) {
    tables[table] = await db.selectFrom(table).selectAll().execute();
  }
  return tables;
}

/** Everything in the database, in a stable order, for before/after comparisons. */
async function contents(context: TestApp, route: string): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, all] of Object.entries(await rowsByTable(context.db, context.dialect))) {
    if (route === 'POST /api/subscriptions/:id/send' && writtenBySendingRuns.has(table)) continue;
    let rows = all;
    // A refused login is still counted and audited: that write is the point of the limit.
    if (route === 'POST /api/user/authenticate') {
      if (table === 'audit_log' || table === 'audit_chain_heads') continue;
      if (table === 'users')
        rows = rows.map(({ failed_logins: _f, locked_until: _l, ...rest }) => rest);
    }
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(tables);
}

/** Ids and names from the fixture (so checks past validation are reached), and junk. */
function pathValues(fixture: Fixture): fc.Arbitrary<string> {
  const known = [
    fixture.administrator.id,
    fixture.viewer.id,
    fixture.otherViewer.id,
    fixture.account.id,
    fixture.report.id,
    fixture.hiddenReport.id,
    fixture.report.uid,
    fixture.hiddenReport.uid,
    fixture.report.biId,
    fixture.workspace.biId,
  ].map(String);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known), weight: 3 },
    { arbitrary: fc.constantFrom('0', '-1', '99999999999', '1 OR 1=1', '%00', '..'), weight: 1 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 30 }), weight: 1 },
  );
}

/**
 * Makes the fixture's integration account real for the fake BI service (Azure AD and Power BI
 * stand-in), so the routes that call the BI peer get past it instead of answering 502.
 */
async function connectToBi(context: TestApp, fixture: Fixture, bi: FakeBiService) {
  const password = 'Secreto2024';
  const sealed = createSecretBox(context.app.context.accountKey).encrypt(password);
  const account = await context.db
    .updateTable('accounts')
    .set({ password_encrypted: sealed })
    .where('id', '=', fixture.account.id)
    .returning(['username', 'client_id'])
    .executeTakeFirstOrThrow();
  const reports = [fixture.report, fixture.hiddenReport].map((report, index) => ({
    id: report.biId,
    name: `Informe ${index + 1}`,
  }));
  bi.identities.splice(0, bi.identities.length, {
    username: account.username,
    password,
    clientId: account.client_id,
    workspaces: [{ id: fixture.workspace.biId, name: 'Comercial', reports, dashboards: [] }],
  });
}

async function tokenOf(context: TestApp, fixture: Fixture, caller: Caller) {
  if (caller === 'anonymous') return null;
  if (caller === 'forged') return 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.';
  // A fresh session each time: an earlier request may have reset or demoted this user.
  return tokenFor(context.app, fixture[caller].id).catch(() => null);
}

/**
 * Every registered portal route (whoever added it), with bodies generated from its OpenAPI
 * schema, near misses and junk, path values from the fixture and junk, as every kind of caller.
 * No answer may be a 5xx, and a refused write must leave the database as it was.
 */
describe.each(testDialects)(
  'schema-driven fuzz of every portal route ($dialect)',
  ({ dialect, available }) => {
    let context: TestApp;
    let bi: FakeBiService;
    const caDir = mkdtempSync(join(tmpdir(), 'vitrina-fuzz-ca-'));
    beforeAll(async () => {
      if (!available) return;
      bi = await startFakeBiService([]);
      writeFileSync(join(caDir, 'cert.pem'), bi.ca);
      context = await buildTestApp(dialect, {
        env: {
          LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
          LOGIN_REQUEST_LIMIT_PER_MINUTE: '100000',
          BI_API_URL: bi.url,
          BI_AUTHORITY_URL: bi.authorityUrl,
          BI_TLS_CA_FILE: join(caDir, 'cert.pem'),
        },
      });
    });
    afterAll(async () => {
      await context?.close();
      await bi?.close();
      rmSync(caDir, { recursive: true, force: true });
    });

    it.skipIf(!available)(
      'answers no 5xx and changes nothing when it refuses a write',
      async () => {
        const document = context.app.swagger() as unknown as OpenApiDocument;
        const byStatus = new Map<number, number>();
        const serverErrors: string[] = [];
        const changedByRefusal: string[] = [];
        for (const route of context.app.apiRoutes) {
          await resetDatabase(context.db);
          const fixture = await seedFixture(context.app, context.db);
          await connectToBi(context, fixture, bi);
          const [method, template = ''] = route.split(' ') as [ApiRequest['method'], string];
          const operation =
            document.paths[template.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
          const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
          const parameterCount = template.match(/:\w+/g)?.length ?? 0;
          await fc.assert(
            fc.asyncProperty(
              method === 'GET' || method === 'DELETE'
                ? fc.constant(undefined)
                : bodiesFor(bodySchema),
              fc.array(pathValues(fixture), {
                minLength: parameterCount,
                maxLength: parameterCount,
              }),
              fc.constantFrom(...callers),
              async (body, values, caller) => {
                const token = await tokenOf(context, fixture, caller);
                let index = 0;
                const url = template.replace(/:\w+/g, () =>
                  encodeURIComponent(values[index++] ?? ''),
                );
                const before = method === 'GET' ? '' : await contents(context, route);
                const response = await callApi(context.app, { method, url, body, token });
                byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
                if (response.statusCode >= 500)
                  serverErrors.push(`${route} ${url} → ${response.body}`);
                if (method !== 'GET' && response.statusCode >= 400) {
                  if ((await contents(context, route)) !== before)
                    changedByRefusal.push(`${route} ${url} ${response.statusCode}`);
                }
              },
            ),
            { numRuns: runsPerRoute },
          );
        }
        const sent = [...byStatus.values()].reduce((sum, count) => sum + count, 0);
        const figures = [...byStatus.entries()].sort(([a], [b]) => a - b);
        console.log(
          `route fuzz (${dialect}): ${context.app.apiRoutes.length} routes, ${sent} requests; ` +
            figures.map(([status, count]) => `${status} × ${count}`).join(', '),
        );
        expect(sent).toBe(context.app.apiRoutes.length * runsPerRoute);
        expect(serverErrors).toEqual([]);
        expect(changedByRefusal).toEqual([]);
      },
      300_000,
    );
  },
);
