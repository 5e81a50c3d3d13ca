/**
 * How many decimals and which display unit a figure gets, by where it is drawn: a table column
 * (one style for every cell), a chart (by its largest value), a card (by its value), an axis.
 */
import type { VisualNumberFormat } from '@vitrina/bi-model';
import { autoUnit, UNIT_DIVISORS, type DisplayUnit } from './display-units.ts';
import type { FormatPattern } from './format-string.ts';
import type { NumberStyle } from './number-formatter.ts';

/** A number with no format: up to two decimals, and none at all for whole numbers. */
const DEFAULT_DECIMALS = 2;

const fixed = (unit: DisplayUnit, decimals: number): NumberStyle => ({
  unit,
  minDecimals: decimals,
  maxDecimals: decimals,
});

/** One figure on its own (a tooltip, a slicer item): the format's decimals, else up to two. */
export function plainStyle(pattern: FormatPattern, value: number, whole: boolean): NumberStyle {
  if (pattern.decimals !== undefined) return fixed('none', pattern.decimals);
  return whole || Number.isInteger(value)
    ? fixed('none', 0)
    : { unit: 'none', minDecimals: 0, maxDecimals: DEFAULT_DECIMALS };
}

/**
 * Every cell of a table or matrix column alike: the format's decimals, or two for a column with
 * any fraction, so "17.100,10" stands above "89.326,31". Tables use units only when asked.
 */
export function columnStyle(
  pattern: FormatPattern,
  values: number[],
  whole: boolean,
  options: VisualNumberFormat = {},
): NumberStyle {
  const unit =
    options.displayUnits && options.displayUnits !== 'auto' ? options.displayUnits : 'none';
  const natural =
    pattern.decimals ?? (whole || values.every(Number.isInteger) ? 0 : DEFAULT_DECIMALS);
  return fixed(unit, options.decimals ?? (unit === 'none' ? natural : DEFAULT_DECIMALS));
}

export type FigureKind = 'card' | 'chart' | 'axis';

/**
 * A visual's figures, all in one unit chosen by `magnitude` (its largest value or axis maximum).
 * In a unit, cards keep up to two decimals (62,46 M, 25 mil) and charts three significant digits
 * of the largest value (905 mil, 1,25 M); axes drop trailing zeros (0,5 M beside 1 M).
 */
export function figureStyle(
  pattern: FormatPattern,
  magnitude: number,
  whole: boolean,
  kind: FigureKind,
  options: VisualNumberFormat = {},
): NumberStyle {
  const asked = options.displayUnits ?? 'auto';
  const unit = pattern.percent ? 'none' : asked === 'auto' ? autoUnit(magnitude) : asked;
  const divided = Math.abs(magnitude) / UNIT_DIVISORS[unit];
  const inUnit = kind === 'card' ? 2 : divided >= 100 ? 0 : divided >= 10 ? 1 : 2;
  const natural = unit === 'none' ? (pattern.decimals ?? (whole ? 0 : DEFAULT_DECIMALS)) : inUnit;
  const decimals = options.decimals ?? natural;
  // Axis ticks, and cards in a unit unless the author fixed the decimals, drop trailing zeros:
  // "0,5 M" beside "1 M", "25 mil" rather than "25,00 mil".
  const trimmed =
    kind === 'axis' || (kind === 'card' && unit !== 'none' && options.decimals === undefined);
  return trimmed ? { unit, minDecimals: 0, maxDecimals: decimals } : fixed(unit, decimals);
}
