/**
 * fast-check arbitraries from a route's schema, for the route fuzz tests of both servers: a Zod
 * schema (through `z.toJSONSchema`) or the JSON Schema an OpenAPI document states. Strings are
 * drawn partly from names the service knows (`vocabulary`: ids, tables, passwords, by property
 * name or all together), so that generated requests reach past validation and lookups.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** The parts of JSON Schema the generator reads. */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
}

export interface Vocabulary {
  /** Names for a property of that name (`groupId`, `table`, `client_id`…). */
  hints: Record<string, readonly string[]>;
  /** Every known name, for the other string properties. */
  words: readonly string[];
}

/** Past this depth only leaves are generated, so recursive definitions stay finite. */
const maxDepth = 6;

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

/** Values that follow `root` (mostly: patterns and cross-field rules are not modelled). */
export function conforming(root: JsonSchema, vocabulary: Vocabulary): fc.Arbitrary<unknown> {
  const defs = root.$defs ?? {};
  const text = (node: JsonSchema, property: string | undefined) => {
    if (node.format === 'email') return fc.emailAddress();
    const known = (property && vocabulary.hints[property]) || vocabulary.words;
    const minLength = node.minLength ?? 0;
    const random = fc.string({
      minLength,
      maxLength: Math.min(node.maxLength ?? 40, minLength + 40),
    });
    return known.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, random)
      : random;
  };
  const number = (node: JsonSchema, integer: boolean) => {
    const lowest = node.exclusiveMinimum === undefined ? -1000 : node.exclusiveMinimum + 1;
    const min = Math.max(node.minimum ?? lowest, -1_000_000);
    const max = Math.min(node.maximum ?? 100_000, 1_000_000);
    return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  };
  const build = (node: JsonSchema, depth: number, property?: string): fc.Arbitrary<unknown> => {
    if (node.$ref) return build(defs[node.$ref.replace('#/$defs/', '')] ?? {}, depth, property);
    if (node.const !== undefined) return fc.constant(node.const);
    if (node.enum) return fc.constantFrom(...node.enum);
    const choices = node.anyOf ?? node.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => build(choice, depth + 1, property)));
    if (node.allOf?.[0]) return build(node.allOf[0], depth, property);
    const type = Array.isArray(node.type) ? node.type[0] : node.type;
    switch (type) {
      case 'string':
        return text(node, property);
      case 'integer':
      case 'number':
        return number(node, type === 'integer');
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        if (depth >= maxDepth) return fc.constant([]);
        // Items take their hints from the array's property name (`datasets: [id, …]`).
        const item = build(node.items ?? {}, depth + 1, property);
        const minLength = node.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(node.maxItems ?? 3, 3));
        return fc.array(item, { minLength, maxLength });
      }
      case 'object': {
        const required = node.required ?? [];
        if (depth >= maxDepth && required.length === 0) return fc.constant({});
        const fields = Object.fromEntries(
          Object.entries(node.properties ?? {}).map(([name, child]) => [
            name,
            build(child, depth + 1, name),
          ]),
        );
        return fc.record(fields, { requiredKeys: required.filter((name) => name in fields) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return build(root, 0);
}

/** `conforming` for a Zod schema, as a client sends it (its input side). */
export function arbitraryFor(schema: z.ZodType, vocabulary: Vocabulary): fc.Arbitrary<unknown> {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return conforming(root, vocabulary);
}

/**
 * Values broken the ways clients break them: a field dropped or replaced by a hostile value or
 * other JSON, or the whole value replaced.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const junk = fc.oneof(hostileScalar, fc.jsonValue({ maxDepth: 2 }));
  const broken = fc.tuple(valid, junk, fc.nat()).map(([value, replacement, pick]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return replacement;
    const keys = Object.keys(value);
    if (keys.length === 0) return { unexpected: replacement };
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const key = keys[pick % keys.length]!;
    if (pick % 2 === 0) delete copy[key];
    else copy[key] = replacement;
    return copy;
  });
  return fc.oneof(broken, junk, fc.string());
}
