/**
 * Power BI's URL filter syntax (what `reportLevelFilters[].filter` holds) read into the SDK's
 * filter models, so the frame applies them as it applies any report filter:
 *
 *   Tienda/País eq 'Perú' and Ventas/Importe ge 100 and Tienda/Zona in ('Norte','Sur')
 *
 * Each comparison becomes one filter; `and` is the only connective (as Power BI's), and the
 * report's filters already combine with AND. Names may carry Power BI's `_xHHHH_` escapes
 * (`Tienda/Pa_x00ed_s`, `Mi_x0020_Tabla/Col`).
 */
import {
  AdvancedFilter,
  BasicFilter,
  type AdvancedFilterConditionOperators,
  type IFilter,
  type PrimitiveValue,
} from '@vitrina/embed-sdk/protocol';

/** Why a filter could not be read; the message names the place. */
export class UrlFilterError extends Error {
  override name = 'UrlFilterError';
}

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'value'; value: PrimitiveValue }
  | { kind: 'punct'; text: '(' | ')' | ',' };

const comparisons: Record<string, AdvancedFilterConditionOperators> = {
  gt: 'GreaterThan',
  ge: 'GreaterThanOrEqual',
  lt: 'LessThan',
  le: 'LessThanOrEqual',
};

const datePattern = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?/;
const numberPattern = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/;
const wordPattern = /^[^\s'(),]+/;

/** `_x00ed_` → `í`: how Power BI writes characters a URL filter's names cannot hold. */
export function decodeName(name: string): string {
  return name.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

/** A quoted string from `start` (at its opening quote); `''` stands for one quote. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === "'") {
      if (text[index + 1] !== "'") return { value, end: index + 1 };
      value += "'";
      index += 2;
    } else {
      value += text[index];
      index += 1;
    }
  }
  throw new UrlFilterError(`unterminated string at position ${start + 1}`);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const char = text[index]!;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === "'") {
      const quoted = readQuoted(text, index);
      tokens.push({ kind: 'value', value: quoted.value });
      index = quoted.end;
    } else if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: 'punct', text: char });
      index += 1;
    } else if (/^datetime'/i.test(rest)) {
      // The older OData form, DateTime'2024-01-31T00:00:00'.
      const quoted = readQuoted(text, index + 'datetime'.length);
      tokens.push({ kind: 'value', value: quoted.value });
      index = quoted.end;
    } else {
      const literal = datePattern.exec(rest) ?? numberPattern.exec(rest);
      const word = wordPattern.exec(rest)![0];
      // A literal is only one when it is the whole word (`2024abc` is neither).
      if (literal && literal[0] === word) {
        const isDate = datePattern.test(word);
        tokens.push({ kind: 'value', value: isDate ? word.replace(/Z$/, '') : Number(word) });
      } else {
        tokens.push({ kind: 'word', text: word });
      }
      index += word.length;
    }
  }
  return tokens;
}

/** Reads tokens left to right; each method consumes what it names or throws. */
class Reader {
  private position = 0;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  get done(): boolean {
    return this.position >= this.tokens.length;
  }

  private describe(token: Token | undefined): string {
    if (!token) return 'the end of the filter';
    return token.kind === 'value' ? `the value ${JSON.stringify(token.value)}` : `"${token.text}"`;
  }

  private fail(expected: string): never {
    throw new UrlFilterError(
      `expected ${expected}, found ${this.describe(this.tokens[this.position])}`,
    );
  }

  word(expected: string): string {
    const token = this.tokens[this.position];
    if (token?.kind !== 'word') this.fail(expected);
    this.position += 1;
    return token.text;
  }

  value(): PrimitiveValue {
    const token = this.tokens[this.position];
    if (token?.kind === 'value') {
      this.position += 1;
      return token.value;
    }
    if (token?.kind === 'word' && (token.text === 'true' || token.text === 'false')) {
      this.position += 1;
      return token.text === 'true';
    }
    return this.fail('a value (a quoted text, a number, a date, true or false)');
  }

  punct(text: '(' | ')' | ','): void {
    const token = this.tokens[this.position];
    if (token?.kind !== 'punct' || token.text !== text) this.fail(`"${text}"`);
    this.position += 1;
  }

  peekPunct(text: '(' | ')' | ','): boolean {
    const token = this.tokens[this.position];
    return token?.kind === 'punct' && token.text === text;
  }
}

function target(field: string) {
  const parts = field.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1])
    throw new UrlFilterError(`"${field}" is not Table/Column`);
  return { table: decodeName(parts[0]), column: decodeName(parts[1]) };
}

function comparison(reader: Reader): IFilter {
  const column = target(reader.word('Table/Column'));
  const operator = reader.word('an operator (eq, ne, gt, ge, lt, le, in)').toLowerCase();
  if (operator === 'eq') return new BasicFilter(column, 'In', [reader.value()]).toJSON();
  if (operator === 'ne') return new BasicFilter(column, 'NotIn', [reader.value()]).toJSON();
  if (operator === 'in') {
    reader.punct('(');
    const values = [reader.value()];
    while (reader.peekPunct(',')) {
      reader.punct(',');
      values.push(reader.value());
    }
    reader.punct(')');
    return new BasicFilter(column, 'In', values).toJSON();
  }
  const condition = comparisons[operator];
  if (!condition) throw new UrlFilterError(`unknown operator "${operator}"`);
  return new AdvancedFilter(column, 'And', [
    { operator: condition, value: reader.value() },
  ]).toJSON();
}

/** One `reportLevelFilters[].filter` expression as SDK filters (one per comparison). */
export function parseUrlFilter(text: string): IFilter[] {
  const reader = new Reader(tokenize(text));
  const filters = [comparison(reader)];
  while (!reader.done) {
    const connective = reader.word('"and"');
    if (connective.toLowerCase() !== 'and')
      throw new UrlFilterError(`only "and" joins conditions, found "${connective}"`);
    filters.push(comparison(reader));
  }
  return filters;
}
