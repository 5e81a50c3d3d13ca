import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';

type ZodRouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * Route serializer for answers a service hands out again and again as the very same object (a
 * cached tree, a cached viewer answer): the object is checked against the response schema,
 * written to JSON and encoded to UTF-8 once, and later sends of that object write the same bytes
 * (decisions 0156, 0212). Objects are never changed after they are handed out, which is what
 * makes reusing the bytes sound; a fresh object is checked and written like on any other route.
 */
export function serializeEachObjectOnce<Schema>(
  route: FastifyRouteSchemaDef<Schema>,
): (data: unknown) => string {
  // Fastify types a route's compiler by the whole route schema but calls it with one response
  // schema, which here is always a Zod schema from @vitrina/contracts.
  const serialize = serializerCompiler(route as unknown as ZodRouteSchema);
  const written = new WeakMap<object, Buffer>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let bytes = written.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(serialize(data));
      written.set(data, bytes);
    }
    // Fastify types a serializer's result as a string but writes a Buffer as it is, taking its
    // length for content-length: no per-request UTF-8 encoding, length count or 8 KB copy.
    return bytes as unknown as string;
  };
}
