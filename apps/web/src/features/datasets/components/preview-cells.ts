import type { ColumnType, TablePreview } from '@vitrina/contracts';

type Cell = TablePreview['rows'][number][number];

const numbers = new Intl.NumberFormat('es', { maximumFractionDigits: 4 });
const isoDay = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * A stored value as the preview shows it: a date as dd/mm/aaaa, a date and time as
 * dd/mm/aaaa hh:mm (the clock as stored, no time zone applied), numbers with a decimal comma.
 */
export function previewCell(cell: Cell, type: ColumnType): string {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return cell ? 'Sí' : 'No';
  if (typeof cell === 'number') return numbers.format(cell);
  const date = (type === 'Date' || type === 'DateTime') && isoDay.exec(cell);
  if (!date) return cell;
  const [, year, month, day, hour, minute] = date;
  const shown = `${day}/${month}/${year}`;
  return type === 'DateTime' ? `${shown} ${hour ?? '00'}:${minute ?? '00'}` : shown;
}
