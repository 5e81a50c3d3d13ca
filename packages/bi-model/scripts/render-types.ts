/**
 * Renders Zod schemas as TypeScript declarations for docs/bi-embed-api.md. A schema registered
 * with an `id` (`.meta({ id })`) prints as its name wherever it is used, and as an `interface` or
 * `type` of its own where it is listed; descriptions (`.describe()`) become trailing comments.
 * Only the schema kinds the contract uses are handled; anything else fails loudly.
 */
import { z } from 'zod';

type Schema = z.core.$ZodType;

/** The id of a schema or of the named schema it was cloned from by `.describe()`. */
function nameOf(schema: Schema): string | undefined {
  for (let current: Schema | undefined = schema; current; current = current._zod.parent) {
    const id = z.globalRegistry.get(current)?.id;
    if (id) return id;
  }
  return undefined;
}

function descriptionOf(schema: Schema): string | undefined {
  return z.globalRegistry.get(schema)?.description;
}

const literal = (value: unknown) =>
  typeof value === 'string' ? `'${value.replaceAll("'", "\\'")}'` : String(value);

const union = (members: string[]) => [...new Set(members)].join(' | ');

/** A field of an object: its type, whether it may be left out, and what it means. */
function field(schema: Schema): { type: string; optional: boolean; comment: string | undefined } {
  let optional = false;
  const notes: string[] = [];
  let current = schema;
  for (;;) {
    const description = descriptionOf(current);
    if (description) notes.push(description);
    if (nameOf(current)) break;
    if (current instanceof z.ZodOptional) {
      optional = true;
      current = current.unwrap();
    } else if (current instanceof z.ZodDefault) {
      optional = true;
      notes.unshift(`default ${JSON.stringify(current.def.defaultValue)}`);
      current = current.unwrap();
    } else break;
  }
  return {
    type: typeOf(current),
    optional,
    comment: notes.length > 0 ? notes.join('; ') : undefined,
  };
}

function objectBody(shape: Record<string, Schema>): string {
  const fields = Object.entries(shape).map(([key, schema]) => ({ key, ...field(schema) }));
  const line = (f: (typeof fields)[number]) => `${f.key}${f.optional ? '?' : ''}: ${f.type};`;
  if (fields.every((f) => !f.comment)) return `{ ${fields.map(line).join(' ')} }`;
  const lines = fields.map((f) => `  ${line(f)}${f.comment ? ` // ${f.comment}` : ''}`);
  return `{\n${lines.join('\n')}\n}`;
}

function typeOf(schema: Schema, expandNamed = false): string {
  const name = nameOf(schema);
  if (name && !expandNamed) return name;
  if (schema instanceof z.ZodObject) return objectBody(schema.shape);
  if (schema instanceof z.ZodArray) {
    const element = typeOf(schema.element);
    return element.includes(' | ') && !element.startsWith('{') ? `(${element})[]` : `${element}[]`;
  }
  if (schema instanceof z.ZodUnion) return union(schema.options.map((option) => typeOf(option)));
  if (schema instanceof z.ZodEnum) return union(schema.options.map(literal));
  if (schema instanceof z.ZodLiteral) return union([...schema.values].map(literal));
  if (schema instanceof z.ZodRecord) {
    const record = `Record<${typeOf(schema.keyType)}, ${typeOf(schema.valueType)}>`;
    return schema.def.partial ? `Partial<${record}>` : record;
  }
  if (schema instanceof z.ZodOptional) return `${typeOf(schema.unwrap())} | undefined`;
  if (schema instanceof z.ZodDefault) return typeOf(schema.unwrap());
  if (schema instanceof z.ZodString) return 'string';
  if (schema instanceof z.ZodNumber) return 'number';
  if (schema instanceof z.ZodBoolean) return 'boolean';
  if (schema instanceof z.ZodNull) return 'null';
  if (schema instanceof z.ZodUnknown) return 'unknown';
  throw new Error(`render-types: no rendering for a "${schema._zod.def.type}" schema`);
}

/** One declaration per named schema, in the order given (unformatted TypeScript). */
export function renderDeclarations(schemas: Schema[]): string {
  return schemas
    .map((schema) => {
      const name = nameOf(schema);
      if (!name) throw new Error('render-types: every listed schema needs .meta({ id })');
      const body = typeOf(schema, true);
      const comment = descriptionOf(schema);
      const heading = comment ? `/** ${comment} */\n` : '';
      return schema instanceof z.ZodObject
        ? `${heading}interface ${name} ${body}`
        : `${heading}type ${name} = ${body};`;
    })
    .join('\n\n');
}
