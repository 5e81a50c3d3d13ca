/**
 * The BI service's answers checked without building a Zod schema (issue 31, decision 0312): the
 * shapes are bi-model's Zod schemas as JSON Schema (`answer-shapes.json`, written by
 * `scripts/write-answer-shapes.ts` and compared with the schemas by a test), read here by a small
 * interpreter that follows Zod's rules for the keywords those schemas use.
 *
 * It answers only when it is sure: the value Zod would return, or that Zod would refuse. For
 * anything else (a keyword it does not know, a refinement, a default to fill in) it says
 * `unsure`, and the caller asks Zod itself, loaded then. So a well-formed answer never builds a
 * schema, and a malformed one gets Zod's own error.
 */
import shapes from './answer-shapes.json' with { type: 'json' };

export type AnswerShape = keyof typeof shapes;

interface Schema {
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
  'x-refined'?: true;
  'x-refinement'?: string;
}

/** The value Zod returns; `false` when Zod refuses; `unsure` when only Zod can tell. */
export type Checked = { value: unknown } | false | 'unsure';

/** Keywords that only describe; any keyword outside these and the ones read makes it unsure. */
const ANNOTATIONS = new Set(['$schema', '$defs', 'id', 'title', 'description', 'examples']);
const READ = new Set([
  '$ref',
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
  'x-refined',
  'x-refinement',
]);

/**
 * The refinements bi-model's schemas name (`x-refinement`), stated again: the fuzz test of
 * answer-check.test.ts holds each to the schema's own.
 */
const REFINEMENTS: Record<string, (value: Record<string, unknown>) => boolean> = {
  minBelowMax: ({ min, max }) => typeof min !== 'number' || typeof max !== 'number' || min < max,
};

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

function typeMatches(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isSafeInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

class Checker {
  private readonly defs: Record<string, Schema>;

  constructor(root: Schema) {
    this.defs = root.$defs ?? {};
  }

  check(schema: Schema, value: unknown): Checked {
    for (const key of Object.keys(schema)) {
      if (!READ.has(key) && !ANNOTATIONS.has(key)) return 'unsure';
    }
    if (schema.$ref) {
      const target = this.defs[schema.$ref.replace('#/$defs/', '')];
      return target ? this.check(target, value) : 'unsure';
    }
    const options = schema.anyOf ?? schema.oneOf;
    if (options) return this.firstOption(options, value);
    const result = this.checkValue(schema, value);
    if (!result || result === 'unsure') return result;
    // Zod runs a refinement on the value it has parsed; only Zod can run an unnamed one.
    if (schema['x-refined']) return 'unsure';
    const refinement = schema['x-refinement'];
    if (refinement === undefined) return result;
    const holds = REFINEMENTS[refinement];
    if (!holds) return 'unsure';
    return holds(result.value as Record<string, unknown>) ? result : false;
  }

  /** Zod's union: the first option that takes the value. */
  private firstOption(options: Schema[], value: unknown): Checked {
    for (const option of options) {
      const result = this.check(option, value);
      if (result) return result;
    }
    return false;
  }

  private checkValue(schema: Schema, value: unknown): Checked {
    const types = schema.type === undefined ? undefined : [schema.type].flat();
    if (types && !types.some((type) => typeMatches(type, value))) return false;
    if ('const' in schema && value !== schema.const) return false;
    if (schema.enum && !schema.enum.includes(value)) return false;
    if (typeof value === 'string') return this.checkString(schema, value);
    if (typeof value === 'number') return this.checkNumber(schema, value);
    if (Array.isArray(value)) return this.checkArray(schema, value);
    if (typeof value === 'object' && value !== null) {
      return this.checkObject(schema, value as Record<string, unknown>);
    }
    return { value };
  }

  private checkString(schema: Schema, value: string): Checked {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !regexOf(schema.pattern).test(value)) return false;
    return { value };
  }

  private checkNumber(schema: Schema, value: number): Checked {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
    return { value };
  }

  private checkArray(schema: Schema, value: unknown[]): Checked {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (!schema.items) return { value };
    let unsure = false;
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item = this.check(schema.items, value[index]);
      if (item === false) return false;
      if (item === 'unsure') unsure = true;
      else if (item.value !== value[index]) (copy ??= value.slice())[index] = item.value;
    }
    return unsure ? 'unsure' : { value: copy ?? value };
  }

  /** Zod's object: known keys checked, unknown ones dropped (`false`) or checked and kept. */
  private checkObject(schema: Schema, value: Record<string, unknown>): Checked {
    // JSON.parse makes plain objects; anything else (and a `__proto__` key) is Zod's to copy.
    if (Object.getPrototypeOf(value) !== Object.prototype || Object.hasOwn(value, '__proto__')) {
      return 'unsure';
    }
    const properties = schema.properties ?? {};
    let unsure = false;
    let copy: Record<string, unknown> | undefined;
    for (const name of schema.required ?? []) {
      if (name in value) continue;
      // Zod fills in a default; a missing key without one is refused.
      if (properties[name] && 'default' in properties[name]) unsure = true;
      else return false;
    }
    for (const [name, field] of Object.entries(value)) {
      const known = Object.hasOwn(properties, name) ? properties[name] : undefined;
      const fieldSchema = known ?? schema.additionalProperties;
      if (fieldSchema === false) {
        copy ??= { ...value };
        delete copy[name];
        continue;
      }
      if (fieldSchema === undefined) continue;
      if (!known && schema.propertyNames && !this.check(schema.propertyNames, name)) return false;
      // Zod leaves out an optional key whose value is undefined only in some versions: ask it.
      if (field === undefined) {
        unsure = true;
        continue;
      }
      const result = this.check(fieldSchema, field);
      if (result === false) return false;
      if (result === 'unsure') unsure = true;
      else if (result.value !== field) (copy ??= { ...value })[name] = result.value;
    }
    return unsure ? 'unsure' : { value: copy ?? value };
  }
}

const checkers = new Map<AnswerShape, Checker>();

function checkerOf(shape: AnswerShape): Checker {
  let checker = checkers.get(shape);
  if (!checker) checkers.set(shape, (checker = new Checker(shapes[shape] as Schema)));
  return checker;
}

/** Checks `value` against one of the answer shapes, as Zod would (see above). */
export function checkAnswer(shape: AnswerShape, value: unknown): Checked {
  return checkerOf(shape).check(shapes[shape] as Schema, value);
}

/**
 * Checks `value` against one property of an answer shape's root object, as Zod would parse that
 * property's schema alone (a visual's format key); `false` also for a property the root lacks.
 */
export function checkAnswerProperty(shape: AnswerShape, property: string, value: unknown): Checked {
  const root = shapes[shape] as Schema;
  const rootObject = root.$ref ? root.$defs?.[root.$ref.replace('#/$defs/', '')] : root;
  const properties = rootObject?.properties ?? {};
  if (!Object.hasOwn(properties, property)) return false;
  return checkerOf(shape).check(properties[property]!, value);
}
