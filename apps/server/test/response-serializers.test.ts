import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeEachObjectOnce } from '../src/plugins/serializers.ts';

const schema = z.object({ name: z.string(), reports: z.array(z.number()) });
const compile = () =>
  serializeEachObjectOnce({ schema, method: 'GET', url: '/api/x/:id', httpStatus: '200' });

/** The hot routes' serializer keeps the response contract and writes each answer object once. */
describe('serializeEachObjectOnce', () => {
  it('checks a fresh object against the schema, dropping undeclared fields like the Zod one', () => {
    const serialize = compile();
    expect(serialize({ name: 'Ventas', reports: [1, 2], secret: 'x' })).toBe(
      '{"name":"Ventas","reports":[1,2]}',
    );
    expect(() => serialize({ name: 3, reports: [] })).toThrow();
  });

  it('reuses the text written for the very same object, and only for it', () => {
    const serialize = compile();
    const answer = { name: 'Ventas', reports: [1] };
    expect(serialize(answer)).toBe('{"name":"Ventas","reports":[1]}');
    // Shared answers are never changed; changing one shows the text is not written again.
    answer.reports.push(2);
    expect(serialize(answer)).toBe('{"name":"Ventas","reports":[1]}');
    expect(serialize({ name: 'Ventas', reports: [1, 2] })).toBe(
      '{"name":"Ventas","reports":[1,2]}',
    );
  });
});
