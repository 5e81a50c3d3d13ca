import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeEachObjectOnce } from '../src/plugins/serializers.ts';

const schema = z.object({ name: z.string(), reports: z.array(z.number()) });
const compile = () => {
  const serialize = serializeEachObjectOnce({
    schema,
    method: 'GET',
    url: '/api/x/:id',
    httpStatus: '200',
  });
  // The serializer hands Fastify the bytes to write (typed as a string by Fastify).
  return (data: unknown) => serialize(data) as unknown as Buffer;
};

/** The hot routes' serializer keeps the response contract and writes each answer object once. */
describe('serializeEachObjectOnce', () => {
  it('checks a fresh object against the schema, dropping undeclared fields like the Zod one', () => {
    const serialize = compile();
    expect(serialize({ name: 'Ventas', reports: [1, 2], secret: 'x' }).toString()).toBe(
      '{"name":"Ventas","reports":[1,2]}',
    );
    expect(() => serialize({ name: 3, reports: [] })).toThrow();
  });

  it('writes UTF-8 bytes once for the very same object, and only for it', () => {
    const serialize = compile();
    const answer = { name: 'Área', reports: [1] };
    const bytes = serialize(answer);
    expect(bytes.toString('utf8')).toBe('{"name":"Área","reports":[1]}');
    // Shared answers are never changed; changing one shows the bytes are not written again.
    answer.reports.push(2);
    expect(serialize(answer)).toBe(bytes);
    expect(serialize({ name: 'Área', reports: [1, 2] }).toString('utf8')).toBe(
      '{"name":"Área","reports":[1,2]}',
    );
  });
});
