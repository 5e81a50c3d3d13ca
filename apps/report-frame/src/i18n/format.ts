/** Numbers and dates in the embed's formatLocale, through Intl (one cached formatter per style). */
import type { Cell, DataType } from '../api/types.ts';

export interface Formatter {
  value(cell: Cell, type: DataType | undefined, format?: string): string;
  compact(value: number): string;
  /** A headline figure (cards, KPIs, gauges): large amounts in display units, e.g. 562,46 M. */
  headline(cell: Cell, type: DataType | undefined, format?: string): string;
  date(isoDate: string): string;
  /** Makes the locale's plain number format ahead of need (see bootFrame). */
  prepare(): void;
}

const isPercent = (format?: string) => !!format && format.includes('%');
const isCurrency = (format?: string) => !!format && /[€$]|currency/i.test(format);
/** Decimals a format string asks for: '#,0.00' → 2, '#,0' or '0%' → 0, none → undefined. */
const decimalsOf = (format?: string) => {
  if (!format) return undefined;
  const match = format.match(/\.(0+)/);
  if (match?.[1]) return match[1].length;
  return /[#0]/.test(format) ? 0 : undefined;
};

export function createFormatter(locale: string, blankLabel: string, currency = 'EUR'): Formatter {
  const cache = new Map<string, Intl.NumberFormat>();
  const numberFormat = (key: string, options: Intl.NumberFormatOptions) => {
    let format = cache.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, options);
      cache.set(key, format);
    }
    return format;
  };
  // Made on first use: an Intl formatter costs tens of milliseconds the first time a page makes
  // one, and most report pages show no date.
  let dateFormat: Intl.DateTimeFormat | undefined;

  const formatNumber = (value: number, type: DataType | undefined, format?: string) => {
    const decimals = decimalsOf(format);
    if (isPercent(format)) {
      return numberFormat(`p${decimals}`, {
        style: 'percent',
        minimumFractionDigits: decimals ?? 0,
        maximumFractionDigits: decimals ?? 1,
      }).format(value);
    }
    if (isCurrency(format)) {
      return numberFormat(`c${decimals}`, {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals ?? 0,
        maximumFractionDigits: decimals ?? 0,
      }).format(value);
    }
    if (decimals !== undefined) {
      return numberFormat(`f${decimals}`, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(value);
    }
    const maxDigits = type === 'integer' || Number.isInteger(value) ? 0 : 2;
    return numberFormat(`n${maxDigits}`, { maximumFractionDigits: maxDigits }).format(value);
  };

  return {
    value(cell, type, format) {
      if (cell === null || cell === undefined) return blankLabel;
      if (typeof cell === 'number') return formatNumber(cell, type, format);
      if (typeof cell === 'boolean') return String(cell);
      if (type === 'date' && /^\d{4}-\d{2}-\d{2}/.test(cell)) return this.date(cell);
      return cell;
    },
    headline(cell, type, format) {
      if (typeof cell !== 'number' || Math.abs(cell) < 100_000 || isPercent(format))
        return this.value(cell, type, format);
      const digits = numberFormat('compact2', {
        notation: 'compact',
        maximumFractionDigits: 2,
        minimumFractionDigits: 2,
      });
      return isCurrency(format)
        ? numberFormat(`cc${currency}`, {
            notation: 'compact',
            style: 'currency',
            currency,
            maximumFractionDigits: 2,
          }).format(cell)
        : digits.format(cell);
    },
    compact(value) {
      return numberFormat('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(
        value,
      );
    },
    prepare() {
      numberFormat('n0', { maximumFractionDigits: 0 });
    },
    date(isoDate) {
      const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(time)
        ? isoDate
        : (dateFormat ??= new Intl.DateTimeFormat(locale, {
            dateStyle: 'medium',
            timeZone: 'UTC',
          })).format(time);
    },
  };
}
