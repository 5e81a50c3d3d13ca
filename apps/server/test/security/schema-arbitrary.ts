import fc from 'fast-check';

/** The parts of JSON Schema (as the OpenAPI document states route bodies) the fuzz reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

/** Values that break naive code: injection, markup, control and wide characters, edge numbers. */
const hostileScalar = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '\u0000',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    'a'.repeat(5000),
    '',
    ' ',
  ),
  fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1.5, Number.MIN_VALUE),
  fc.boolean(),
  fc.constant(null),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    // Passwords, GUIDs and names often need letters and digits together.
    fc.constantFrom('Clave1234', 'Nueva1234', '00000000-0000-0000-0000-000000000000', 'lectora'),
  );
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1000, -1_000_000);
  const max = Math.min(schema.maximum ?? 100_000, 1_000_000);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

/** Values that satisfy `schema` (mostly: patterns and cross-field rules are not modelled). */
function conforming(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => conforming(choice, depth)));
  if (schema.allOf?.[0]) return conforming(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(conforming(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [name, conforming(child, depth + 1)]),
      );
      return fc.record(model, {
        requiredKeys: (schema.required ?? []).filter((key) => key in model),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** One field of a conforming object replaced by a hostile value, or removed. */
function mutated(schema: JsonSchema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return hostileScalar;
  return fc
    .tuple(
      conforming(schema),
      fc.constantFrom(...names),
      fc.option(hostileScalar, { nil: undefined }),
    )
    .map(([value, name, replacement]) => {
      const copy = { ...(value as Record<string, unknown>) };
      if (replacement === undefined) delete copy[name];
      else copy[name] = replacement;
      return copy;
    });
}

/** Bodies for a route: conforming ones most often, then near misses, then anything. */
export function bodiesFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const anything = fc.oneof(hostileScalar, fc.jsonValue({ maxDepth: 2 }));
  if (!schema) return fc.oneof(fc.constant(undefined), anything);
  return fc.oneof(
    { arbitrary: conforming(schema), weight: 4 },
    { arbitrary: mutated(schema), weight: 3 },
    { arbitrary: anything, weight: 1 },
  );
}
