import { describe, expect, it } from 'vitest';
import { byCountry, byCountryAnswer, open, secured, useDataService } from './embed-data-service.ts';
import { refusalOf } from './harness.ts';

const { token, query } = useDataService();

describe('query route: tokens and scope', () => {
  it('answers rows and column metadata for a token that covers the dataset', async () => {
    const response = await query(open, byCountry, await token());
    expect(response.status).toBe(200);
    expect(response.json).toEqual(byCountryAnswer);
  });

  it('401 PowerBINotAuthorizedException without a token or with a bad one', async () => {
    expect((await query(open, byCountry)).json).toEqual({
      error: { code: 'PowerBINotAuthorizedException', message: expect.any(String) },
    });
    const tampered = `${(await token()).slice(0, -4)}AAAA`;
    const response = await query(open, byCountry, tampered);
    expect(refusalOf(response)).toEqual([401, 'PowerBINotAuthorizedException']);
  });

  it('401 TokenExpired for an expired token', async () => {
    const response = await query(
      open,
      byCountry,
      await token({ exp: Math.floor(Date.now() / 1000) - 5 }),
    );
    expect(refusalOf(response)).toEqual([401, 'TokenExpired']);
  });

  it('403 PowerBINotAuthorizedException for a token generated for another dataset', async () => {
    const response = await query(open, byCountry, await token({ datasets: [secured] }));
    expect(refusalOf(response)).toEqual([403, 'PowerBINotAuthorizedException']);
  });

  it('404 PowerBIEntityNotFound for an unknown dataset', async () => {
    const unknown = '00000000-0000-4000-8000-0000000000ff';
    const response = await query(unknown, byCountry, await token({ datasets: [unknown] }));
    expect(refusalOf(response)).toEqual([404, 'PowerBIEntityNotFound']);
  });
});

describe('query route: row-level security from the token', () => {
  const identity = (username: string, roles: string[]) => ({
    datasets: [secured],
    identities: [{ username, roles, datasets: [secured] }],
  });

  it('filters rows by the identity in the token, whatever the body says', async () => {
    const body = { ...byCountry, identity: { username: 'eva@demo' } };
    const response = await query(secured, body, await token(identity('ana@demo', ['Pais'])));
    expect(response.json['rows']).toEqual([['Perú', 48]]);
  });

  it('refuses a dataset with roles when the token carries no identity for it', async () => {
    const response = await query(secured, byCountry, await token({ datasets: [secured] }));
    expect(refusalOf(response)).toEqual([403, 'PowerBINotAuthorizedException']);
  });

  it('400 for a role the dataset does not define', async () => {
    const response = await query(secured, byCountry, await token(identity('ana@demo', ['Dueño'])));
    expect(response.status).toBe(400);
  });
});

describe('query route: injection attempts', () => {
  const evil = 'Pais"; DROP TABLE "Ventas"; --';

  it.each([
    ['column', { groupBy: [{ table: 'Region', column: evil }], measures: [] }, 'Unknown column'],
    [
      'table',
      { groupBy: [{ table: `Region" --`, column: 'Pais' }], measures: [] },
      'Unknown table',
    ],
    [
      'measure',
      { groupBy: [], measures: [{ table: 'Ventas', measure: `Total) FROM x --` }] },
      'Unknown measure',
    ],
    [
      'hierarchy level',
      {
        groupBy: [{ table: 'Calendario', hierarchy: 'Jerarquía de fechas', hierarchyLevel: evil }],
        measures: [],
      },
      'Unknown hierarchy level',
    ],
    [
      'filter target',
      {
        ...byCountry,
        filters: [{ target: { table: 'Ventas', column: evil }, operator: 'In', values: ['x'] }],
      },
      'Unknown column',
    ],
    [
      'number value',
      {
        ...byCountry,
        filters: [
          {
            target: { table: 'Ventas', column: 'Importe' },
            logicalOperator: 'And',
            conditions: [{ operator: 'GreaterThan', value: '1; DROP TABLE x' }],
          },
        ],
      },
      'Not a number',
    ],
  ])('rejects a bad %s name with 400 InvalidRequest', async (_what, body, message) => {
    const response = await query(open, body, await token());
    expect(response.status).toBe(400);
    expect(response.json['error']).toEqual({
      code: 'InvalidRequest',
      message: expect.stringContaining(message),
    });
  });

  it('binds hostile values: they match nothing and change nothing', async () => {
    const hostile = ["' OR '1'='1", "Perú' --", '%', '"; DELETE FROM "Ventas"; --'];
    for (const value of hostile) {
      const response = await query(
        open,
        {
          ...byCountry,
          filters: [
            {
              target: { table: 'Region', column: 'Pais' },
              filterType: 1,
              operator: 'In',
              values: [value],
            },
          ],
        },
        await token(),
      );
      expect(response.json['rows']).toEqual([]);
      const contains = await query(
        open,
        {
          ...byCountry,
          filters: [
            {
              target: { table: 'Region', column: 'Pais' },
              logicalOperator: 'And',
              conditions: [{ operator: 'Contains', value }],
            },
          ],
        },
        await token(),
      );
      expect(contains.json['rows']).toEqual([]);
    }
    expect((await query(open, byCountry, await token())).json['rows']).toEqual(
      byCountryAnswer.rows,
    );
  });

  it('400 for a malformed body (three advanced conditions, limit over 30 000)', async () => {
    const conditions = [1, 2, 3].map((value) => ({ operator: 'GreaterThan', value }));
    const tooMany = {
      ...byCountry,
      filters: [
        { target: { table: 'Ventas', column: 'Importe' }, logicalOperator: 'And', conditions },
      ],
    };
    expect((await query(open, tooMany, await token())).status).toBe(400);
    expect((await query(open, { ...byCountry, limit: 30_001 }, await token())).status).toBe(400);
  });
});

describe('query route: concurrency', () => {
  it('answers many concurrent queries, each with its own filters', async () => {
    const embedToken = await token();
    const products = ['Manzana', 'Pera', 'Leche', 'Queso', 'Pan'];
    const expected: Record<string, number> = {
      Manzana: 35,
      Pera: 25,
      Leche: 15,
      Queso: 20,
      Pan: 4,
    };
    const requests = Array.from({ length: 40 }, (_, index) => products[index % products.length]!);
    const responses = await Promise.all(
      requests.map((product) =>
        query(
          open,
          {
            groupBy: [],
            measures: [{ table: 'Ventas', measure: 'Total' }],
            filters: [
              {
                target: { table: 'Producto', column: 'Nombre' },
                filterType: 1,
                operator: 'In',
                values: [product],
              },
            ],
          },
          embedToken,
        ),
      ),
    );
    expect(responses.map((response) => (response.json['rows'] as number[][])[0]![0])).toEqual(
      requests.map((product) => expected[product]),
    );
  });
});
