import { describe, expect, it } from 'vitest';
import * as protocol from '../../src/protocol/index.ts';
import { loadReferenceModels, referenceValidator } from './reference-models.ts';
import { bases, casesFor, extraSlicerBases } from './validator-cases.ts';

const reference = loadReferenceModels();
const ours = protocol.models as unknown as Record<string, (input: unknown) => unknown>;

function mismatchesOf(name: string, inputs: unknown[]) {
  const theirs = referenceValidator(reference, name);
  const mine = ours[name];
  if (!mine) throw new Error(`missing ${name}`);
  return inputs
    .map((input) => ({ input, expected: theirs(input), actual: mine(input) }))
    .filter(({ expected, actual }) => JSON.stringify(expected) !== JSON.stringify(actual));
}

describe('validators match powerbi-models 1.2.1 (as bundled in powerbi-client 2.8.0)', () => {
  it('export every validateX function 1.2.1 exports', () => {
    const names = Object.keys(reference).filter((key) => key.startsWith('validate'));
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => typeof ours[name] !== 'function')).toEqual([]);
    expect(Object.keys(bases).sort()).toEqual(names.sort());
  });

  for (const [name, inputs] of Object.entries(bases)) {
    it(`${name} gives identical results for every probe at every field`, () => {
      const cases = inputs.flatMap(casesFor);
      expect(cases.length).toBeGreaterThan(30);
      expect(mismatchesOf(name, cases)).toEqual([]);
    });
  }

  it('validateSlicer agrees on every slicer target kind', () => {
    expect(mismatchesOf('validateSlicer', extraSlicerBases.flatMap(casesFor))).toEqual([]);
  });

  it('the raw Validators registry has the same names', () => {
    expect(Object.keys(protocol.models.Validators).sort()).toEqual(
      Object.keys(reference.Validators).sort(),
    );
  });
});
