/**
 * Power BI's display units: a visual's figures divided by a thousand, a million or a billion and
 * written with the unit's short name in the report's language.
 */
import type { DisplayUnits } from '@vitrina/bi-model';

export type DisplayUnit = Exclude<DisplayUnits, 'auto'>;

export const UNIT_DIVISORS: Record<DisplayUnit, number> = {
  none: 1,
  thousands: 1e3,
  millions: 1e6,
  billions: 1e9,
};

/** Spanish writes the unit as a word after a space ("200 mil", "1,5 mil M"); English glues it on. */
const UNIT_NAMES: Record<'es' | 'en', Record<DisplayUnit, string>> = {
  es: { none: '', thousands: '\u00a0mil', millions: '\u00a0M', billions: '\u00a0mil\u00a0M' },
  en: { none: '', thousands: 'K', millions: 'M', billions: 'bn' },
};

export function unitName(locale: string, unit: DisplayUnit): string {
  return UNIT_NAMES[locale.toLowerCase().startsWith('en') ? 'en' : 'es'][unit];
}

/**
 * Auto units, by the largest figure of the visual (a chart's axis maximum, a card's value).
 * Four-digit figures stay whole: "2.024" or "8.500" read better than "2,02 mil" (decision 0231).
 */
export function autoUnit(magnitude: number): DisplayUnit {
  const size = Math.abs(magnitude);
  if (size >= 1e9) return 'billions';
  if (size >= 1e6) return 'millions';
  if (size >= 1e4) return 'thousands';
  return 'none';
}
