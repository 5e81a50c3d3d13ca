import { readFileSync } from 'node:fs';
import { arbitraryFor, mutated } from '@vitrina/test-support/schema-arbitrary';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeFiles, shapesOf } from '../../scripts/answer-shapes.ts';
import { editorShapes } from './editor-shapes.ts';
import {
  ANNOTATIONS,
  answerShapes,
  READ_KEYWORDS,
  REFINEMENTS,
  refusalText,
  type AnswerShape,
  type Checked,
  type Schema,
} from './answer-check.ts';
import { answerSchemas, editorSchemas } from './answer-schemas.ts';

const vocabulary = {
  hints: {},
  words: ['Ventas', 'Tienda', 'País', 'Importe', 'ReportSection1', 'card', 'Sum', '#118DFF'],
};
const schemas = { ...answerSchemas, ...editorSchemas };
const shapeNames = Object.keys(schemas) as AnswerShape[];
/** Each shape through the table the frame checks it with. */
const checkAnswer = (shape: AnswerShape, value: unknown): Checked =>
  shape in editorSchemas
    ? editorShapes.check(shape as keyof typeof editorSchemas, value)
    : answerShapes.check(shape as keyof typeof answerSchemas, value);
const checkFormatKey = (key: string, value: unknown) =>
  answerShapes.checkProperty('VisualFormat', key, value);

/**
 * What in a shape the check would not read: a keyword outside the ones it reads and annotations,
 * a refinement it does not know, a reference to no definition (`at` is where, from the root).
 */
function unread(root: Schema): string[] {
  const found: string[] = [];
  const walk = (node: Schema, at: string) => {
    for (const key of Object.keys(node)) {
      if (!READ_KEYWORDS.has(key) && !ANNOTATIONS.has(key)) found.push(`${at}: ${key}`);
    }
    const refinement = node['x-refinement'];
    if (refinement !== undefined && !Object.hasOwn(REFINEMENTS, refinement)) {
      found.push(`${at}: refinement ${refinement}`);
    }
    if (node.$ref && !root.$defs?.[node.$ref.replace('#/$defs/', '')]) {
      found.push(`${at}: $ref ${node.$ref}`);
    }
    type Child = [string, Schema | false | undefined];
    const children: Child[] = [
      ...Object.entries(node.$defs ?? {}).map(([name, child]): Child => [`$defs.${name}`, child]),
      ...Object.entries(node.properties ?? {}),
      ...[...(node.anyOf ?? []), ...(node.oneOf ?? [])].map((child, i): Child => [`|${i}`, child]),
      ['[]', node.items],
      ['{*}', node.additionalProperties],
      ['{key}', node.propertyNames],
    ];
    for (const [name, child] of children) if (child) walk(child, `${at}.${name}`);
  };
  walk(root, '');
  return found;
}

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

/** The frame's check agrees with Zod: Zod's value (defaults filled in), or Zod's refusal. */
function expectAgreement(shape: AnswerShape, value: unknown): void {
  // A kept `__proto__` key is refused on purpose (Zod would make it the copy's prototype).
  fc.pre(!JSON.stringify(value ?? null).includes('"__proto__"'));
  const frame = checkAnswer(shape, value);
  const zod = schemas[shape].safeParse(value);
  expect(frame.ok, JSON.stringify(value)).toBe(zod.success);
  if (frame.ok) expect(frame.value).toStrictEqual(zod.data);
}

describe("the frame's check", () => {
  it.each(Object.entries(shapeFiles))(
    'reads the schemas bi-model states (%s is up to date)',
    (file, fileSchemas) => {
      const committed: unknown = JSON.parse(
        readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'),
      );
      // Run `npm run shapes -w apps/report-frame` after changing a schema the frame checks.
      expect(committed).toEqual(shapesOf(fileSchemas));
    },
  );

  it.each(shapeNames)('reads every keyword and knows every refinement of %s', (shape) => {
    // With no Zod in the frame to ask, what the check would not read is an error here.
    const root = shapesOf({ [shape]: schemas[shape] })[shape] as Schema;
    expect(unread(root)).toEqual([]);
  });

  it('would report a keyword it does not read and a refinement it does not know', () => {
    const root: Schema = {
      $ref: '#/$defs/Missing',
      properties: { mail: { type: 'string', format: 'email' } as Schema },
      items: { 'x-refinement': 'sameLength', 'x-refined': true } as Schema,
    };
    expect(unread(root)).toEqual([
      ': $ref #/$defs/Missing',
      '.mail: format',
      '.[]: x-refined',
      '.[]: refinement sameLength',
    ]);
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

  it.each(shapeNames)('agrees with Zod on fuzzed %s values, valid and broken', (shape) => {
    const valid = arbitraryFor(schemas[shape], vocabulary);
    fc.assert(
      fc.property(fc.oneof(valid, mutated(valid)), (value) => expectAgreement(shape, value)),
      { numRuns: 300 },
    );
  });

  it('takes well-formed answers as they are', () => {
    expect(answerSchemas.AuthoringReport.safeParse(report).data).toStrictEqual(report);
    expect(checkAnswer('AuthoringReport', report)).toEqual({ ok: true, value: report });
    const line = {
      index: 0,
      result: { columns: [{ name: 'Total', type: 'number' }], rows: [[1]], truncated: false },
    };
    expect(checkAnswer('QueryBatchLine', line)).toEqual({ ok: true, value: line });
    const error = { index: 1, error: { code: 'X', message: 'y' } };
    expect(checkAnswer('QueryBatchLine', error)).toEqual({ ok: true, value: error });
  });

  it('drops what Zod drops and fills in what Zod fills in', () => {
    const answer = { error: { code: 'TokenExpired', message: 'Expired', extra: 1 }, more: true };
    expect(checkAnswer('BiErrorBody', answer)).toEqual({
      ok: true,
      value: { error: { code: 'TokenExpired', message: 'Expired' } },
    });
    // A query's groupBy and measures default to empty lists, each its own.
    const qna = { query: {}, visualType: 'card', title: 'Total' };
    const checked = checkAnswer('QnaAnswer', qna);
    expect(checked).toEqual({ ok: true, value: { ...qna, query: { groupBy: [], measures: [] } } });
    expect(qna.query).toEqual({});
    const { groupBy, measures } = (checked as { value: { query: Record<string, unknown> } }).value
      .query;
    expect(groupBy).not.toBe(measures);
  });

  it('refuses what Zod refuses, naming the path and the reason in its own words', () => {
    const refusal = (shape: AnswerShape, value: unknown) => {
      const checked = checkAnswer(shape, value);
      return checked.ok ? 'taken' : refusalText(checked);
    };
    expect(refusal('QueryBatchLine', { index: -1, error: { code: 'X', message: 'y' } })).toBe(
      'index: below 0',
    );
    const pageless = { ...report, definition: { pages: 'none' } };
    expect(refusal('AuthoringReport', pageless)).toBe(
      'definition.pages: expected an array, got a string',
    );
    const { revision: _, ...unrevised } = report;
    expect(refusal('AuthoringReport', unrevised)).toBe('revision: missing');
    expect(refusal('QueryResult', null)).toBe('body: expected an object, got null');
    const wideCard = { ...card, layout: { ...card.layout, width: 'wide' } };
    const page = report.definition.pages[0]!;
    const oneCard = { ...report, definition: { pages: [{ ...page, visuals: [wideCard] }] } };
    expect(refusal('AuthoringReport', oneCard)).toBe(
      'definition.pages.0.visuals.0.layout.width: expected a number, got a string',
    );
    expect(refusal('FieldRef', { table: 'Ventas', column: 'País', aggregation: 'Median' })).toMatch(
      /^aggregation: expected one of "Sum", "Avg"/,
    );
  });

  it("states the refinement bi-model's schema names: an axis' min below its max", () => {
    expect(checkFormatKey('valueAxis', { min: 5, max: 1 })).toEqual({
      ok: false,
      path: ['max'],
      reason: 'max is not above min',
    });
    expect(checkFormatKey('valueAxis', { min: 1, max: 5 })).toEqual({
      ok: true,
      value: { min: 1, max: 5 },
    });
    expect(checkFormatKey('valueAxis', { min: 'a' }).ok).toBe(false);
    expect(checkFormatKey('legend', { show: true })).toEqual({ ok: true, value: { show: true } });
    expect(checkFormatKey('unknownKey', 1).ok).toBe(false);
  });
});
