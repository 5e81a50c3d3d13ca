/**
 * Labels for the levels of a date hierarchy (decision 0235). The BI service answers a level as a
 * number, so the axis keeps time order; the frame names quarters and months in its language.
 */
import type { Cell, DataType, DatePart, VisualNumberFormat } from '@vitrina/bi-model';
import type { Messages } from '../i18n/messages.ts';
import type { Formatter } from '../i18n/format.ts';

function dateLevelLabel(
  part: DatePart,
  value: number,
  messages: Pick<Messages, 'quarter' | 'months'>,
): string {
  switch (part) {
    case 'quarter':
      return `${messages.quarter} ${value}`;
    case 'month':
      return messages.months[value - 1] ?? String(value);
    default:
      // Years and days read as plain numbers: no thousands separator in "2024".
      return String(value);
  }
}

/** A cell of a result column: a date level by its label, anything else through `otherwise`. */
export function levelOrValue(
  column: { datePart?: DatePart | undefined } | undefined,
  cell: Cell,
  messages: Pick<Messages, 'quarter' | 'months'>,
  otherwise: (cell: Cell) => string,
): string {
  return column?.datePart && typeof cell === 'number'
    ? dateLevelLabel(column.datePart, cell, messages)
    : otherwise(cell);
}

/**
 * The writer of a table column: a date level by its label (a month level reads "ene", not "1"),
 * any other cell by the column's number writer, which keeps the same decimals in every cell.
 */
export function tableColumnWriter(
  column:
    | { type?: DataType | undefined; format?: string | undefined; datePart?: DatePart | undefined }
    | undefined,
  cells: Cell[],
  format: Formatter,
  messages: Pick<Messages, 'quarter' | 'months'>,
  numberFormat?: VisualNumberFormat,
): (cell: Cell) => string {
  const write = format.column(cells, column?.type, column?.format, numberFormat);
  return (cell) => levelOrValue(column, cell, messages, write);
}
