import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { models } from '../../src/protocol/index.ts';
import { loadReferenceModels, referenceValidator } from './reference-models.ts';
import { bases } from './validator-cases.ts';

/**
 * Random inputs built from the field names the validators know, so that most of them reach deep
 * into nested rules: every public validator must answer exactly as powerbi-models 1.2.1 does.
 */
const reference = loadReferenceModels();

const fieldNames = [
  ...new Set(
    JSON.stringify(Object.values(bases))
      .match(/"([$A-Za-z]+)":/g)
      ?.map((key) => key.slice(1, -2)),
  ),
];

const schemaUrls = ['basic', 'visualSelector', 'visualTypeSelector', 'slicerTargetSelector'].map(
  (name) => `http://powerbi.com/product/schema#${name}`,
);

const leaf = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1, max: 8 }),
  fc.double(),
  fc.string({ maxLength: 3 }),
  fc.constantFrom(...schemaUrls, 'In', 'And', 'actualSize', 'fitToWidth'),
);

const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.constantFrom(...fieldNames), tie('value'), { maxKeys: 8 }),
}));

describe('validators agree with powerbi-models 1.2.1 on random inputs', () => {
  it('collects the field names to build inputs from', () => {
    expect(fieldNames).toEqual(
      expect.arrayContaining(['accessToken', '$schema', 'visualsLayout', 'spotlight']),
    );
    expect(fieldNames.length).toBeGreaterThan(60);
  });

  for (const name of Object.keys(bases)) {
    it(name, () => {
      const theirs = referenceValidator(reference, name);
      const ours = (models as unknown as Record<string, (input: unknown) => unknown>)[name];
      fc.assert(
        fc.property(
          value,
          (input) => JSON.stringify(ours?.(input)) === JSON.stringify(theirs(input)),
        ),
        { numRuns: 300 },
      );
    });
  }
});
