/** Numbers and dates in the embed's formatLocale: numbers through the one number formatter. */
import { isDateType, type VisualNumberFormat } from '@vitrina/bi-model';
import type { Cell, DataType } from '../api/types.ts';
import { createNumberWriter } from '../format/number-formatter.ts';
import { columnStyle, figureStyle, plainStyle, type FigureKind } from '../format/number-styles.ts';

export interface Formatter {
  /** The BCP 47 locale it writes in (exports follow it too). */
  readonly locale: string;
  /** One cell or figure on its own: the format's decimals, else up to two. */
  value(cell: Cell, type: DataType | undefined, format?: string): string;
  /**
   * The writer of all the figures of one visual (data labels, axis ticks, cards): one display
   * unit chosen by `magnitude`, its largest value or axis maximum, and fixed decimals.
   */
  figures(
    format: string | undefined,
    magnitude: number,
    kind: FigureKind,
    options?: VisualNumberFormat,
  ): (value: number) => string;
  /** The writer of one table or matrix column: the same decimals in every cell. */
  column(
    values: Cell[],
    type: DataType | undefined,
    format: string | undefined,
    options?: VisualNumberFormat,
  ): (cell: Cell) => string;
  /** A headline figure (cards, KPIs, gauges): large amounts in display units, e.g. 562,46 M. */
  headline(
    cell: Cell,
    type: DataType | undefined,
    format?: string,
    options?: VisualNumberFormat,
  ): string;
  /** A day as dd/mm/aaaa in the locale's order; with `withTime`, its time of day too. */
  date(isoDate: string, withTime?: boolean): string;
  /** Makes the locale's plain number format ahead of need (see bootFrame). */
  prepare(): void;
}

export function createFormatter(locale: string, blankLabel: string): Formatter {
  const numbers = createNumberWriter(locale);
  // Made on first use: an Intl formatter costs tens of milliseconds the first time a page makes
  // one, and most report pages show no date.
  const dateFormats = new Map<boolean, Intl.DateTimeFormat>();
  const dateFormat = (withTime: boolean) => {
    let made = dateFormats.get(withTime);
    if (!made) {
      made = new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
        timeZone: 'UTC',
      });
      dateFormats.set(withTime, made);
    }
    return made;
  };
  const text = (cell: Cell, type: DataType | undefined) => {
    if (cell === null || cell === undefined) return blankLabel;
    if (typeof cell === 'boolean') return String(cell);
    if (isDateType(type) && typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}/.test(cell))
      return formatter.date(cell, type === 'datetime');
    return String(cell);
  };

  const formatter: Formatter = {
    locale,
    value(cell, type, format) {
      if (typeof cell !== 'number') return text(cell, type);
      const pattern = numbers.pattern(format);
      return numbers.write(cell, pattern, plainStyle(pattern, cell, type === 'integer'));
    },
    figures(format, magnitude, kind, options) {
      const pattern = numbers.pattern(format);
      const style = figureStyle(pattern, magnitude, false, kind, options);
      return (value) => numbers.write(value, pattern, style);
    },
    column(values, type, format, options) {
      const pattern = numbers.pattern(format);
      const numeric = values.filter((v): v is number => typeof v === 'number');
      const style = columnStyle(pattern, numeric, type === 'integer', options);
      return (cell) =>
        typeof cell === 'number' ? numbers.write(cell, pattern, style) : text(cell, type);
    },
    headline(cell, type, format, options) {
      if (typeof cell !== 'number') return text(cell, type);
      const pattern = numbers.pattern(format);
      const style = figureStyle(pattern, cell, type === 'integer', 'card', options);
      return numbers.write(cell, pattern, style);
    },
    prepare() {
      numbers.write(0, numbers.pattern(undefined), {
        unit: 'none',
        minDecimals: 0,
        maxDecimals: 0,
      });
    },
    date(isoDate, withTime = false) {
      const clock = withTime
        ? (/[T ](\d{2}:\d{2}(?::\d{2})?)/.exec(isoDate)?.[1] ?? '00:00')
        : '00:00';
      const time = Date.parse(`${isoDate.slice(0, 10)}T${clock}Z`);
      return Number.isNaN(time) ? isoDate : dateFormat(withTime).format(time).replace(',', '');
    },
  };
  return formatter;
}
