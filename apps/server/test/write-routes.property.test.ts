import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixture, type Fixture } from './fixtures.ts';
import { buildTestApp, callApi, testDialects, type ApiRequest, type TestApp } from './helper.ts';

/** Field names of the API, so random objects often look almost right. */
const fieldNames = [
  'id',
  'username',
  'password',
  'firstname',
  'lastname',
  'mail',
  'rol',
  'token',
  'description',
  'clientId',
  'userId',
  'reportId',
  'accountElementId',
];

const scalar = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom("' OR 1=1 --", 'Clave1234', 'a@b.co', '0', '1', '', ' '),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const record = fc.dictionary(fc.constantFrom(...fieldNames), scalar, { maxKeys: 6 });
const randomBody = fc.oneof(
  record,
  fc.array(record, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const pathValue = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.integer().map(String),
  fc.constantFrom('1', '0', '-1', '99999999999', '1 OR 1=1'),
);

/**
 * Random bodies and path values thrown at every registered write route (whoever added it):
 * the server must answer with a status below 500 and, for errors, `{ code, message }`.
 */
describe.each(testDialects)(
  'random bodies at every write route ($dialect)',
  ({ dialect, available }) => {
    let context: TestApp;
    let fixture: Fixture;
    beforeAll(async () => {
      if (!available) return;
      context = await buildTestApp(dialect, {
        env: { LOGIN_RATE_LIMIT_PER_MINUTE: '100000', LOGIN_REQUEST_LIMIT_PER_MINUTE: '100000' },
      });
      fixture = await seedFixture(context.app, context.db);
    });
    afterAll(async () => context?.close());

    const writeRoutes = () => context.app.apiRoutes.filter((route) => !route.startsWith('GET '));

    it.skipIf(!available)('finds the write routes to attack', () => {
      expect(writeRoutes().length).toBeGreaterThanOrEqual(8);
    });

    it.skipIf(!available)(
      'never answers 5xx',
      async () => {
        for (const route of writeRoutes()) {
          const [method, template = ''] = route.split(' ') as [ApiRequest['method'], string];
          await fc.assert(
            fc.asyncProperty(
              randomBody,
              pathValue,
              fc.constantFrom('administrator', 'viewer', 'anonymous') as fc.Arbitrary<
                keyof Fixture['tokens'] | 'anonymous'
              >,
              async (body, value, caller) => {
                const url = template.replace(/:\w+/g, encodeURIComponent(value));
                const response = await callApi(context.app, {
                  method,
                  url,
                  body,
                  token: caller === 'anonymous' ? null : fixture.tokens[caller],
                });
                if (response.statusCode >= 500)
                  throw new Error(`${route} → ${response.statusCode}: ${response.body}`);
                if (response.statusCode >= 400) {
                  const error = response.json();
                  expect(error).toEqual(
                    expect.objectContaining({
                      code: expect.any(String),
                      message: expect.any(String),
                    }),
                  );
                }
              },
            ),
            { numRuns: 40 },
          );
        }
      },
      120_000,
    );
  },
);
