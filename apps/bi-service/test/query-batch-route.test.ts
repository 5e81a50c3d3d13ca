import { describe, expect, it } from 'vitest';
import { queryBatchLineSchema, type QueryBatchLine } from '@vitrina/bi-model';
import { byCountry, byCountryAnswer, open, secured, useDataService } from './embed-data-service.ts';

const { token, url } = useDataService();

/** POSTs a batch and reads the whole NDJSON answer, one parsed line per query. */
async function batch(datasetId: string, queries: unknown[], embedToken: string) {
  const response = await fetch(`${url()}/v1.0/embed/datasets/${datasetId}/queries`, {
    method: 'POST',
    headers: { authorization: `EmbedToken ${embedToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ queries }),
  });
  const text = await response.text();
  const lines = response.ok
    ? text
        .split('\n')
        .filter(Boolean)
        .map((line) => queryBatchLineSchema.parse(JSON.parse(line)))
    : [];
  return { status: response.status, type: response.headers.get('content-type'), text, lines };
}

const byIndex = (lines: QueryBatchLine[]) => [...lines].sort((a, b) => a.index - b.index);

describe('query batch route', () => {
  it('answers every query of the batch as one NDJSON line naming its position', async () => {
    const byProduct = {
      groupBy: [{ table: 'Producto', column: 'Categoria' }],
      measures: [{ table: 'Ventas', measure: 'Unidades' }],
    };
    const answer = await batch(open, [byCountry, byProduct], await token());
    expect([answer.status, answer.type]).toEqual([200, 'application/x-ndjson; charset=utf-8']);
    const [first, second] = byIndex(answer.lines);
    expect(first).toEqual({
      index: 0,
      result: byCountryAnswer,
    });
    expect(second && 'result' in second && second.result.columns.map((c) => c.name)).toEqual([
      'Categoria',
      'Unidades',
    ]);
  });

  it('answers a query the dataset cannot run with an error line, and the others with rows', async () => {
    const unknownColumn = { groupBy: [{ table: 'Region', column: 'Nada' }] };
    const answer = await batch(open, [unknownColumn, byCountry], await token());
    const [failed, answered] = byIndex(answer.lines);
    expect(failed).toEqual({
      index: 0,
      error: { code: 'InvalidRequest', message: expect.any(String) },
    });
    expect(answered && 'result' in answered).toBe(true);
  });

  it('applies the token identity to every query of the batch', async () => {
    const grant = {
      datasets: [secured],
      identities: [{ username: 'eva@demo', roles: ['Pais'], datasets: [secured] }],
    };
    const answer = await batch(secured, [byCountry, byCountry], await token(grant));
    expect(answer.lines.map((line) => 'result' in line && line.result.rows)).toEqual([
      [['Chile', 51]],
      [['Chile', 51]],
    ]);
  });

  it('refuses before streaming: 403 for a token generated for another dataset', async () => {
    const answer = await batch(open, [byCountry], await token({ datasets: [secured] }));
    expect([answer.status, JSON.parse(answer.text).error.code]).toEqual([
      403,
      'PowerBINotAuthorizedException',
    ]);
  });

  it('400 for an empty batch', async () => {
    expect((await batch(open, [], await token())).status).toBe(400);
  });
});
