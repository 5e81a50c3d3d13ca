import { readFileSync } from 'node:fs';
import { arbitraryFor, mutated } from '@vitrina/test-support/schema-arbitrary';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerShapesText } from '../../scripts/answer-shapes.ts';
import { checkAnswer, checkAnswerProperty, type AnswerShape } from './answer-check.ts';
import { answerSchemas } from './answer-schemas.ts';

const vocabulary = {
  hints: {},
  words: ['Ventas', 'Tienda', 'País', 'Importe', 'ReportSection1', 'card', 'Sum', '#118DFF'],
};
const shapeNames = Object.keys(answerSchemas) as AnswerShape[];

/** A report as the BI service answers it: a card and a formatted bar chart. */
const sales = { table: 'Ventas', measure: 'Importe' };
const card = { name: 'V1', type: 'card', layout: { x: 0, y: 0, z: 0, width: 200, height: 99 } };
const bar = { name: 'V2', type: 'clusteredBarChart', title: 'Por país' };
const options = {
  legend: { show: true, position: 'Bottom' },
  valueAxis: { min: 0, max: 100 },
  numberFormat: { displayUnits: 'thousands', decimals: 1 },
  text: 'kept as it is',
};
const visuals = [
  { ...card, fields: { values: [sales] } },
  {
    ...bar,
    layout: { ...card.layout, x: 200, z: 1 },
    fields: { category: [{ table: 'Tienda', column: 'País' }], values: [sales] },
    options,
  },
];
const table = { name: 'Ventas', measures: [{ name: 'Importe' }], hierarchies: [] };
const report = {
  ...{ id: 'r1', name: 'Ventas', datasetId: 'd1', reportType: 'PowerBIReport', revision: 3 },
  definition: { pages: [{ name: 'P1', displayName: 'Resumen', width: 800, height: 600, visuals }] },
  dataset: { id: 'd1', name: 'Ventas', tables: [{ ...table, columns: [] }] },
  access: { accessLevel: 'View' },
};

/** The quick check speaks only when it agrees with Zod: Zod's value, or Zod's refusal. */
function expectAgreement(shape: AnswerShape, value: unknown): void {
  const quick = checkAnswer(shape, value);
  if (quick === 'unsure') return;
  const zod = answerSchemas[shape].safeParse(value);
  if (quick === false) expect(zod.success, JSON.stringify(value)).toBe(false);
  else {
    expect(zod.success, JSON.stringify(value)).toBe(true);
    expect(quick.value).toStrictEqual(zod.data);
  }
}

describe('the answers quick check', () => {
  it('reads the schemas bi-model states (src/api/answer-shapes.json is up to date)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL('./answer-shapes.json', import.meta.url), 'utf8'),
    );
    // Run scripts/write-answer-shapes.ts after changing a schema the frame checks.
    expect(committed).toEqual(JSON.parse(answerShapesText()));
  });

  it('agrees with Zod on the value axis refinement', () => {
    const axis = fc.record(
      { min: fc.oneof(fc.integer(), fc.double()), max: fc.oneof(fc.integer(), fc.double()) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(axis, (valueAxis) => expectAgreement('VisualFormat', { valueAxis })),
      { numRuns: 300 },
    );
  });

  it.each(shapeNames)('agrees with Zod on fuzzed %s answers, valid and broken', (shape) => {
    const valid = arbitraryFor(answerSchemas[shape], vocabulary);
    fc.assert(
      fc.property(fc.oneof(valid, mutated(valid)), (value) => expectAgreement(shape, value)),
      { numRuns: 300 },
    );
  });

  it('vouches for well-formed answers on its own, so the cold path builds no schema', () => {
    expect(answerSchemas.AuthoringReport.safeParse(report).data).toStrictEqual(report);
    expect(checkAnswer('AuthoringReport', report)).toEqual({ value: report });
    const line = {
      index: 0,
      result: { columns: [{ name: 'Total', type: 'number' }], rows: [[1]], truncated: false },
    };
    expect(checkAnswer('QueryBatchLine', line)).toEqual({ value: line });
    expect(checkAnswer('QueryBatchLine', { index: 1, error: { code: 'X', message: 'y' } })).toEqual(
      { value: { index: 1, error: { code: 'X', message: 'y' } } },
    );
  });

  it('drops what Zod drops and refuses what Zod refuses', () => {
    const answer = { error: { code: 'TokenExpired', message: 'Expired', extra: 1 }, more: true };
    expect(checkAnswer('BiErrorBody', answer)).toEqual({
      value: { error: { code: 'TokenExpired', message: 'Expired' } },
    });
    expect(checkAnswer('QueryBatchLine', { index: -1, error: { code: 'X', message: 'y' } })).toBe(
      false,
    );
    expect(checkAnswer('AuthoringReport', { ...report, definition: { pages: 'none' } })).toBe(
      false,
    );
  });

  it("states the refinement bi-model's schema names: an axis' min below its max", () => {
    expect(checkAnswerProperty('VisualFormat', 'valueAxis', { min: 5, max: 1 })).toBe(false);
    expect(checkAnswerProperty('VisualFormat', 'valueAxis', { min: 1, max: 5 })).toEqual({
      value: { min: 1, max: 5 },
    });
    expect(checkAnswerProperty('VisualFormat', 'valueAxis', { min: 'a' })).toBe(false);
    expect(checkAnswerProperty('VisualFormat', 'legend', { show: true })).toEqual({
      value: { show: true },
    });
    expect(checkAnswerProperty('VisualFormat', 'unknownKey', 1)).toBe(false);
  });
});
