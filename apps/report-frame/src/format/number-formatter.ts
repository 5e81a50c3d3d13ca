/**
 * The one number formatter of the frame: a value written by its model format string, in the
 * report's locale, in a display unit, with a fixed count of decimals. Rounding to those decimals
 * is what keeps float noise (905103.0100000013) off the screen.
 */
import { parseFormat, type FormatPattern } from './format-string.ts';
import { UNIT_DIVISORS, unitName, type DisplayUnit } from './display-units.ts';

export interface NumberStyle {
  unit: DisplayUnit;
  /** Decimals always written. */
  minDecimals: number;
  /** Decimals at most (equal to minDecimals but on axes, where 0,5 and 1 sit side by side). */
  maxDecimals: number;
}

export interface NumberWriter {
  pattern(format: string | undefined): FormatPattern;
  write(value: number, pattern: FormatPattern, style: NumberStyle): string;
}

export function createNumberWriter(locale: string): NumberWriter {
  const patterns = new Map<string, FormatPattern>();
  const digits = new Map<string, Intl.NumberFormat>();
  const spanish = !locale.toLowerCase().startsWith('en');
  const digitFormat = (grouping: 'always' | 'auto' | false, min: number, max: number) => {
    const key = `${grouping}:${min}:${max}`;
    let format = digits.get(key);
    if (!format) {
      // 'always' for a format with separators: Spanish groups four digits too (1.500), as Power
      // BI writes them.
      format = new Intl.NumberFormat(locale, {
        useGrouping: grouping,
        minimumFractionDigits: min,
        maximumFractionDigits: max,
      });
      digits.set(key, format);
    }
    return format;
  };
  return {
    pattern(format) {
      const key = format ?? '';
      let pattern = patterns.get(key);
      if (!pattern) {
        pattern = parseFormat(format);
        patterns.set(key, pattern);
      }
      return pattern;
    },
    write(value, pattern, style) {
      const unit = pattern.percent ? 'none' : style.unit;
      const scaled = (pattern.percent ? value * 100 : value) / UNIT_DIVISORS[unit];
      // A figure with no format groups as the locale does: Spanish leaves four digits whole, so
      // a year reads "2024", and 1.234.567 is grouped. A figure in a display unit is an amount,
      // never a year: it is grouped like one (5.133,13 M, not 5133,13 M).
      const grouping =
        pattern.grouping || unit !== 'none'
          ? 'always'
          : pattern.decimals === undefined
            ? 'auto'
            : false;
      const text = digitFormat(grouping, style.minDecimals, style.maxDecimals).format(
        Math.abs(scaled),
      );
      const negative = scaled < 0 && /[1-9]/.test(text);
      // Spanish separates the percent sign from the figure (25,6 %); English does not.
      const suffix = spanish && pattern.suffix === '%' ? '\u00a0%' : pattern.suffix;
      return `${negative ? '-' : ''}${pattern.prefix}${text}${unitName(locale, unit)}${suffix}`;
    },
  };
}
