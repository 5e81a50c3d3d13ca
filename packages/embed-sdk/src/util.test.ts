import { describe, expect, it } from 'vitest';
import {
  addParamToUrl,
  createRandomString,
  findIndex,
  generateUUID,
  isRDLEmbed,
  rejectWithBody,
  remove,
} from './util.ts';

describe('util', () => {
  it('addParamToUrl uses ? or & without encoding', () => {
    expect(addParamToUrl('fakeUrl', 'uid', 'a b')).toBe('fakeUrl?uid=a b');
    expect(addParamToUrl('fakeUrl?reportId=1', 'uid', 'x')).toBe('fakeUrl?reportId=1&uid=x');
  });

  it('findIndex refuses a non-array with 2.8.0’s message', () => {
    expect(() => findIndex(() => true, 'nope' as unknown as string[])).toThrow(
      'You attempted to call find with second parameter that was not an array. You passed: nope',
    );
  });

  it('remove drops the first match and, unlike 2.8.0, nothing when there is no match', () => {
    const xs = ['a', 'b', 'a'];
    remove((x) => x === 'a', xs);
    expect(xs).toEqual(['b', 'a']);
    remove((x) => x === 'zzz', xs);
    expect(xs).toEqual(['b', 'a']);
  });

  it('creates base-36 unique ids and 20-hex session ids', () => {
    expect(createRandomString()).toMatch(/^[0-9a-z]+$/);
    expect(createRandomString()).not.toBe(createRandomString());
    expect(generateUUID()).toMatch(/^[0-9a-f]{20}$/);
  });

  it('recognises paginated (RDL) embed URLs case-insensitively', () => {
    expect(isRDLEmbed('https://x/rdlEmbed?reportId=1')).toBe(true);
    expect(isRDLEmbed('https://x/RDLEMBED?reportId=1')).toBe(true);
    expect(isRDLEmbed('https://x/reportEmbed?reportId=1')).toBe(false);
    expect(isRDLEmbed(undefined)).toBe(false);
  });

  it('rejects with a reply’s body, but keeps transport Errors as they are', () => {
    let thrown: unknown;
    try {
      rejectWithBody({ statusCode: 400, headers: {}, body: [{ message: 'x' }] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toEqual([{ message: 'x' }]);
    const timeout = new Error('timeout');
    expect(() => rejectWithBody(timeout)).toThrow(timeout);
  });
});
