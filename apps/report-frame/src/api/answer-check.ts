/**
 * The frame's one check of the values it takes in (issue 31, decisions 0312 and 0316): the BI
 * service's answers, a visual's format options, and the editor's own values (a dragged field, an
 * aggregation). The shapes are bi-model's Zod schemas as JSON Schema (`answer-shapes.json`, and
 * the editor's `editor-shapes.json` in its own chunk, written by `scripts/write-answer-shapes.ts`
 * and compared with the schemas by a test), read here
 * by a small interpreter that follows Zod's rules for the keywords those schemas use: unknown keys
 * of a plain object dropped, of a loose one kept, a union's first option, integers as safe
 * integers, a missing key's default filled in.
 *
 * It is never unsure, so the frame ships no Zod: the shapes' test fails on a keyword outside
 * `READ_KEYWORDS` and on a refinement outside `REFINEMENTS`, and a fuzz test holds it to Zod on
 * every shape. A refusal names the refused value's path and why, in the frame's own words.
 */
import type { z } from 'zod';
import type { AnswerSchemas } from './answer-schemas.ts';
import viewShapes from './answer-shapes.json' with { type: 'json' };

/** A shape's name: the view's (answer-shapes.json) or the editor's (editor-shapes.json). */
export type AnswerShape = keyof AnswerSchemas;
/** The value a shape's check returns: its bi-model type (the types only; no schema is built). */
export type Answer<S extends AnswerShape> = z.output<AnswerSchemas[S]>;

export interface Schema {
  $ref?: string;
  $defs?: Record<string, Schema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | false;
  propertyNames?: Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  'x-refinement'?: string;
}

/** Where a value was refused (keys and indexes from the checked value down) and why. */
export interface Refusal {
  ok: false;
  path: (string | number)[];
  reason: string;
}

/** The value as Zod would return it (defaults filled in, unknown keys dropped), or a refusal. */
export type Checked<T = unknown> = { ok: true; value: T } | Refusal;

/** The keywords the interpreter reads; the shapes' test fails on any other but annotations. */
export const READ_KEYWORDS: ReadonlySet<string> = new Set<keyof Schema>([
  '$ref',
  '$defs',
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'default',
  'x-refinement',
]);
/** Keywords that only describe the value. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  '$schema',
  'id',
  'title',
  'description',
  'examples',
]);

interface Refinement {
  holds: (value: Record<string, unknown>) => boolean;
  path: string[];
  reason: string;
}

/**
 * The refinements bi-model's schemas name (`x-refinement`), stated again: the fuzz test of
 * answer-check.test.ts holds each to the schema's own, and the shapes' test fails on another.
 */
export const REFINEMENTS: Readonly<Record<string, Refinement>> = {
  minBelowMax: {
    holds: ({ min, max }) => typeof min !== 'number' || typeof max !== 'number' || min < max,
    path: ['max'],
    reason: 'max is not above min',
  },
};

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = (reason: string, path: (string | number)[] = []): Refusal => ({
  ok: false,
  path,
  reason,
});
const within = (key: string | number, refusal: Refusal): Refusal =>
  refused(refusal.reason, [key, ...refusal.path]);

const patterns = new Map<string, RegExp>();
const regexOf = (source: string) => {
  let regex = patterns.get(source);
  if (!regex) patterns.set(source, (regex = new RegExp(source)));
  return regex;
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
  array: 'an array',
  object: 'an object',
};
const nameOfType = (type: string) => TYPE_NAMES[type] ?? type;

function typeMatches(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isSafeInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

/** A value named in a reason: short, so a long enum or text does not flood the message. */
function quoted(values: unknown[]): string {
  const shown = values.slice(0, 6).map((value) => JSON.stringify(value));
  return values.length > shown.length ? `${shown.join(', ')}, …` : shown.join(', ');
}

class Checker {
  private readonly defs: Record<string, Schema>;

  constructor(root: Schema) {
    this.defs = root.$defs ?? {};
  }

  check(schema: Schema, value: unknown): Checked {
    if (schema.$ref) {
      const target = this.defs[schema.$ref.replace('#/$defs/', '')];
      // The shapes' test resolves every reference; an unknown one is a shape the frame lacks.
      return target ? this.check(target, value) : refused(`has no shape ${schema.$ref}`);
    }
    const options = schema.anyOf ?? schema.oneOf;
    if (options) return this.firstOption(options, value);
    const result = this.checkValue(schema, value);
    const name = schema['x-refinement'];
    if (!result.ok || name === undefined) return result;
    // Zod runs a refinement on the value it has parsed; the shapes' test knows every name.
    const refinement = REFINEMENTS[name];
    if (!refinement) return refused(`has a check the frame does not know (${name})`);
    const holds = refinement.holds(result.value as Record<string, unknown>);
    return holds ? result : refused(refinement.reason, refinement.path);
  }

  /**
   * Zod's union: the first option that takes the value. Refused, the reason is the option that
   * went deepest into the value; when none took even its type, the union's own.
   */
  private firstOption(options: Schema[], value: unknown): Checked {
    let closest: Refusal | undefined;
    let closestDepth = -1;
    for (const option of options) {
      const result = this.check(option, value);
      if (result.ok) return result;
      // A key deeper in the value beats a shallower one; then a wrong value beats a wrong type or
      // constant, which beats a missing key (the option least like the value).
      const kind = result.reason === 'missing' ? 0 : result.reason.startsWith('expected ') ? 1 : 2;
      const depth = result.path.length * 3 + kind;
      if (depth > closestDepth) [closest, closestDepth] = [result, depth];
    }
    if (closest && closestDepth > 1) return closest;
    return refused(
      `is none of the ${options.length} forms allowed here (${nameOfType(typeOf(value))})`,
    );
  }

  private checkValue(schema: Schema, value: unknown): Checked {
    const types = schema.type === undefined ? undefined : [schema.type].flat();
    if (types && !types.some((type) => typeMatches(type, value))) {
      const expected = types.map(nameOfType).join(' or ');
      return refused(`expected ${expected}, got ${nameOfType(typeOf(value))}`);
    }
    if ('const' in schema && value !== schema.const) {
      return refused(`expected ${quoted([schema.const])}`);
    }
    if (schema.enum && !schema.enum.includes(value)) {
      return refused(`expected one of ${quoted(schema.enum)}`);
    }
    if (typeof value === 'string') return this.checkString(schema, value);
    if (typeof value === 'number') return this.checkNumber(schema, value);
    if (Array.isArray(value)) return this.checkArray(schema, value);
    if (typeof value === 'object' && value !== null) {
      return this.checkObject(schema, value as Record<string, unknown>);
    }
    return ok(value);
  }

  private checkString(schema: Schema, value: string): Checked {
    const { minLength, maxLength, pattern } = schema;
    if (minLength !== undefined && value.length < minLength) {
      return refused(`shorter than ${minLength} characters`);
    }
    if (maxLength !== undefined && value.length > maxLength) {
      return refused(`longer than ${maxLength} characters`);
    }
    if (pattern !== undefined && !regexOf(pattern).test(value)) {
      return refused(`does not match ${pattern}`);
    }
    return ok(value);
  }

  private checkNumber(schema: Schema, value: number): Checked {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
    if (minimum !== undefined && value < minimum) return refused(`below ${minimum}`);
    if (maximum !== undefined && value > maximum) return refused(`above ${maximum}`);
    if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) {
      return refused(`not above ${exclusiveMinimum}`);
    }
    if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) {
      return refused(`not below ${exclusiveMaximum}`);
    }
    return ok(value);
  }

  private checkArray(schema: Schema, value: unknown[]): Checked {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      return refused(`fewer than ${schema.minItems} items`);
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      return refused(`more than ${schema.maxItems} items`);
    }
    if (!schema.items) return ok(value);
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item = this.check(schema.items, value[index]);
      if (!item.ok) return within(index, item);
      if (item.value !== value[index]) (copy ??= value.slice())[index] = item.value;
    }
    return ok(copy ?? value);
  }

  /**
   * Zod's object: a missing key takes its default or is refused, known keys are checked, unknown
   * ones dropped (`additionalProperties: false`) or checked and kept. The value is copied only
   * when it changes.
   */
  private checkObject(schema: Schema, value: Record<string, unknown>): Checked {
    const properties = schema.properties ?? {};
    // Zod returns a plain object; a value from JSON.parse is one already.
    const plain = Object.getPrototypeOf(value) === Object.prototype;
    let copy: Record<string, unknown> | undefined = plain ? undefined : { ...value };
    const edited = () => (copy ??= { ...value });
    for (const [name, field] of Object.entries(value)) {
      const known = Object.hasOwn(properties, name) ? properties[name] : undefined;
      // An optional key left undefined stays as it is; a required one is settled below.
      if (known && field === undefined) continue;
      const fieldSchema = known ?? schema.additionalProperties;
      if (fieldSchema === false) {
        delete edited()[name];
        continue;
      }
      if (fieldSchema === undefined) continue;
      if (!known) {
        // Kept as an own key, it would be the copy's prototype once Zod or a spread wrote it.
        if (name === '__proto__') return refused('is a key the frame does not take', [name]);
        const key = schema.propertyNames && this.check(schema.propertyNames, name);
        if (key && !key.ok) return refused(`is not a key allowed here (${key.reason})`, [name]);
      }
      const result = this.check(fieldSchema, field);
      if (!result.ok) return within(name, result);
      if (result.value !== field) edited()[name] = result.value;
    }
    for (const name of schema.required ?? []) {
      if (Object.hasOwn(value, name) && value[name] !== undefined) continue;
      const field = properties[name];
      if (!field || !('default' in field)) return refused('missing', [name]);
      edited()[name] = structuredClone(field.default);
    }
    return ok(copy ?? value);
  }
}

/** A table of shapes, each read once it is first asked for. */
export class Shapes<N extends AnswerShape> {
  private readonly checkers = new Map<N, Checker>();
  private readonly table: Record<N, unknown>;

  constructor(table: Record<N, unknown>) {
    this.table = table;
  }

  private rootOf(shape: N): { checker: Checker; root: Schema } {
    const root = this.table[shape] as Schema;
    let checker = this.checkers.get(shape);
    if (!checker) this.checkers.set(shape, (checker = new Checker(root)));
    return { checker, root };
  }

  /** Checks `value` against one of the shapes, as Zod would parse it (see above). */
  check<S extends N>(shape: S, value: unknown): Checked<Answer<S>> {
    const { checker, root } = this.rootOf(shape);
    return checker.check(root, value) as Checked<Answer<S>>;
  }

  /** The properties of a shape's root object (a visual's format keys). */
  private propertiesOf(shape: N): Record<string, Schema> {
    const { root } = this.rootOf(shape);
    const rootObject = root.$ref ? root.$defs?.[root.$ref.replace('#/$defs/', '')] : root;
    return rootObject?.properties ?? {};
  }

  hasProperty(shape: N, property: string): boolean {
    return Object.hasOwn(this.propertiesOf(shape), property);
  }

  /**
   * Checks `value` against one property of a shape's root object, as Zod would parse that
   * property's schema alone (a visual's format key); refused also for a property the root lacks.
   */
  checkProperty(shape: N, property: string, value: unknown): Checked {
    if (!this.hasProperty(shape, property)) {
      return refused('is not a key allowed here', [property]);
    }
    return this.rootOf(shape).checker.check(this.propertiesOf(shape)[property]!, value);
  }
}

/** The view's shapes: the BI service's answers and a visual's format options. */
export const answerShapes = new Shapes(viewShapes as Record<keyof typeof viewShapes, unknown>);

/** A refusal as the frame words it: where, then why. */
export function refusalText({ path, reason }: Refusal): string {
  return `${path.join('.') || 'body'}: ${reason}`;
}
