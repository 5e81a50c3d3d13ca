/**
 * The measure language: aggregates over columns combined with arithmetic, e.g.
 * `SUM(Ventas[Importe]) - SUM(Ventas[Costo])` or `DIVIDE(SUM(Ventas[Margen]), SUM(Ventas[Importe]))`.
 * It is parsed into a tree so that no text of a definition ever reaches SQL unchecked.
 */
import type { Aggregation } from '@vitrina/bi-model';

export type MeasureNode =
  | { kind: 'aggregate'; aggregation: Aggregation; table: string; column: string }
  | { kind: 'number'; value: number }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: MeasureNode; right: MeasureNode };

const functionAggregations: Record<string, Aggregation> = {
  SUM: 'Sum',
  AVG: 'Avg',
  AVERAGE: 'Avg',
  MIN: 'Min',
  MAX: 'Max',
  COUNT: 'Count',
  DISTINCTCOUNT: 'DistinctCount',
};

const tokenPattern =
  /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_\p{L}][\p{L}\p{N}_]*)\[([^\]]+)\]|([A-Za-z]+)|([-+*/(),]))/uy;

type Token =
  | { type: 'number'; value: number }
  | { type: 'columnRef'; table: string; column: string }
  | { type: 'word'; value: string }
  | { type: 'symbol'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  tokenPattern.lastIndex = 0;
  while (tokenPattern.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(tokenPattern.lastIndex))) break;
    const start = tokenPattern.lastIndex;
    const match = tokenPattern.exec(text);
    if (!match)
      throw new Error(`Measure expression: unexpected text at ${start}: ${text.slice(start)}`);
    const [, number, table, column, word, symbol] = match;
    if (number !== undefined) tokens.push({ type: 'number', value: Number(number) });
    else if (table !== undefined && column !== undefined)
      tokens.push({ type: 'columnRef', table, column });
    else if (word !== undefined) tokens.push({ type: 'word', value: word.toUpperCase() });
    else tokens.push({ type: 'symbol', value: symbol ?? '' });
  }
  return tokens;
}

/** Parses a measure expression; throws an Error naming the problem. */
export function parseMeasure(text: string): MeasureNode {
  const tokens = tokenize(text);
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const expectSymbol = (symbol: string): void => {
    const token = tokens[position++];
    if (token?.type !== 'symbol' || token.value !== symbol)
      throw new Error(`Measure expression: expected "${symbol}" in ${text}`);
  };

  type Operator = Extract<MeasureNode, { kind: 'binary' }>['operator'];
  /** The next token when it is one of the operators, else undefined. */
  const peekOperator = (operators: readonly Operator[]): Operator | undefined => {
    const token = peek();
    return token?.type === 'symbol' ? operators.find((o) => o === token.value) : undefined;
  };
  /** One level of left-associative operators, each joining two operands of the next level. */
  const operatorLevel =
    (operators: readonly Operator[], operand: () => MeasureNode) => (): MeasureNode => {
      let node = operand();
      for (let operator = peekOperator(operators); operator; operator = peekOperator(operators)) {
        position++;
        node = { kind: 'binary', operator, left: node, right: operand() };
      }
      return node;
    };
  const term = operatorLevel(['*', '/'], factor);
  const expression = operatorLevel(['+', '-'], term);

  function factor(): MeasureNode {
    const token = tokens[position++];
    if (token?.type === 'number') return { kind: 'number', value: token.value };
    if (token?.type === 'symbol' && token.value === '(') {
      const inner = expression();
      expectSymbol(')');
      return inner;
    }
    if (token?.type === 'word') return call(token.value);
    throw new Error(`Measure expression: unexpected token in ${text}`);
  }

  function call(name: string): MeasureNode {
    expectSymbol('(');
    if (name === 'DIVIDE') {
      const left = expression();
      expectSymbol(',');
      const right = expression();
      expectSymbol(')');
      return { kind: 'binary', operator: '/', left, right };
    }
    const argument = tokens[position++];
    if (argument?.type !== 'columnRef')
      throw new Error(`Measure expression: ${name} needs a Table[Column] argument`);
    expectSymbol(')');
    const aggregation = functionAggregations[name];
    if (!aggregation) throw new Error(`Measure expression: unknown function ${name}`);
    return { kind: 'aggregate', aggregation, table: argument.table, column: argument.column };
  }

  const node = expression();
  if (position !== tokens.length) throw new Error(`Measure expression: trailing text in ${text}`);
  return node;
}
