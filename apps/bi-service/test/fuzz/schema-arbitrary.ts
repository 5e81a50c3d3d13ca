/**
 * fast-check arbitraries from a route's Zod schema, through its JSON Schema (`z.toJSONSchema`):
 * values that follow the schema, with strings drawn partly from names the service knows (ids,
 * tables, columns; `hints` by property name, else the whole vocabulary) so that generated requests
 * reach past validation and lookups.
 */
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
};

/** Past this depth only leaves are generated, so recursive definitions stay finite. */
const maxDepth = 6;

export interface Vocabulary {
  /** Names for a property of that name (`groupId`, `table`, `client_id`…). */
  hints: Record<string, readonly string[]>;
  /** Every known name, for the other string properties. */
  words: readonly string[];
}

export function arbitraryFor(schema: z.ZodType, vocabulary: Vocabulary): fc.Arbitrary<unknown> {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const defs = root.$defs ?? {};
  const text = (node: JsonSchema, property: string | undefined) => {
    const known = (property && vocabulary.hints[property]) || vocabulary.words;
    const random = fc.string({
      minLength: node.minLength ?? 0,
      maxLength: Math.min(node.maxLength ?? 12, 12),
    });
    return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, random);
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
      case 'number': {
        const min = node.minimum ?? (node.exclusiveMinimum ?? -1001) + 1;
        const max = Math.min(node.maximum ?? 100_000, 100_000);
        return type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        if (depth >= maxDepth) return fc.constant([]);
        // Items take their hints from the array's property name (`datasets: [id, …]`).
        const item = build(node.items ?? {}, depth + 1, property);
        const minLength = node.minItems ?? 0;
        return fc.array(item, {
          minLength,
          maxLength: Math.max(minLength, Math.min(node.maxItems ?? 3, 3)),
        });
      }
      case 'object': {
        const properties = node.properties ?? {};
        const required = node.required ?? [];
        if (depth >= maxDepth && required.length === 0) return fc.constant({});
        const fields = Object.fromEntries(
          Object.entries(properties).map(([name, child]) => [name, build(child, depth + 1, name)]),
        );
        return fc.record(fields, { requiredKeys: required.filter((name) => name in fields) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return build(root, 0);
}

/** A value broken the ways clients break them: a field dropped, retyped, or the whole body replaced. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const broken = fc
    .tuple(valid, fc.jsonValue({ maxDepth: 2 }), fc.nat())
    .map(([value, junk, pick]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return junk;
      const keys = Object.keys(value);
      if (keys.length === 0) return { unexpected: junk };
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const key = keys[pick % keys.length]!;
      if (pick % 2 === 0) delete copy[key];
      else copy[key] = junk;
      return copy;
    });
  return fc.oneof(broken, fc.jsonValue({ maxDepth: 3 }), fc.string());
}
