import { describe, expect, it } from 'vitest';
import {
  frontloadKind,
  parseAccessToken,
  parseCreateReport,
  parseFilters,
  parseReportLoad,
  parseSortBy,
} from './parsers.ts';
import { RequestError } from './request-error.ts';

const basic = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Tienda', column: 'País' },
  filterType: 1,
  operator: 'In',
  values: ['Perú'],
};

/** The status and body a parser's refusal is answered with. */
function refusal(parse: () => unknown): { status: number; body: unknown } {
  try {
    parse();
  } catch (error) {
    if (error instanceof RequestError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error('the parser accepted the body');
}

describe('request parsers', () => {
  it("return a valid body as it is, and refuse an invalid one with the validator's errors", () => {
    const config = { accessToken: 't', id: 'r1', pageName: 'ReportSection2' };
    expect(parseReportLoad(config)).toBe(config);
    expect(refusal(() => parseReportLoad({ id: 'r1' }))).toEqual({
      status: 400,
      body: [{ message: expect.stringContaining('accessToken') }],
    });
  });

  it("check a create config with the spec's validator and its messages", () => {
    const config = { accessToken: 't', datasetId: 'd1', theme: { themeJson: { name: 'Marca' } } };
    expect(parseCreateReport(config)).toBe(config);
    expect(refusal(() => parseCreateReport({ accessToken: 't' }))).toEqual({
      status: 400,
      body: [{ message: 'datasetId is required' }],
    });
    expect(refusal(() => parseCreateReport({ datasetId: 'd1' })).body).toEqual([
      { message: 'accessToken is required' },
    ]);
    expect(refusal(() => parseCreateReport({ ...config, theme: { themeJson: 'x' } })).status).toBe(
      400,
    );
  });

  it('check every filter of a list, and ask for a list', () => {
    expect(parseFilters([basic])).toEqual([basic]);
    expect(refusal(() => parseFilters(basic)).body).toEqual([
      { message: 'filters must be an array' },
    ]);
    expect(refusal(() => parseFilters([basic, { target: 1 }])).status).toBe(400);
  });

  it('read sortBy only with a field target and a direction of 1 or 2', () => {
    const orderBy = { table: 'Ventas', measure: 'Total' };
    expect(parseSortBy({ orderBy, direction: 2 })).toEqual({ orderBy, direction: 2 });
    expect(refusal(() => parseSortBy({ orderBy, direction: 3 })).status).toBe(400);
    expect(refusal(() => parseSortBy({ orderBy: { table: 'Ventas' }, direction: 1 })).status).toBe(
      400,
    );
  });

  it('take the access token as the whole body, and the front-loaded kind from its type', () => {
    expect(parseAccessToken('new-token')).toBe('new-token');
    expect(refusal(() => parseAccessToken(42)).status).toBe(400);
    expect(frontloadKind({ type: 'Dashboard' })).toBe('dashboard');
    expect(frontloadKind({ type: 'visual' })).toBe('report');
    expect(frontloadKind(null)).toBe('report');
  });
});
