import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';

type ZodRouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * Route serializer for answers a service hands out again and again as the very same object (a
 * cached tree, a cached viewer answer): the object is checked against the response schema and
 * written to JSON once, and later sends of that object reuse the text (decision 0156). Objects
 * are never changed after they are handed out, which is what makes reusing the text sound; a
 * fresh object is checked and written like on any other route.
 */
export function serializeEachObjectOnce<Schema>(
  route: FastifyRouteSchemaDef<Schema>,
): (data: unknown) => string {
  // Fastify types a route's compiler by the whole route schema but calls it with one response
  // schema, which here is always a Zod schema from @vitrina/contracts.
  const serialize = serializerCompiler(route as unknown as ZodRouteSchema);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
}
