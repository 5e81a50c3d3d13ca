/**
 * A model's number format string (Power BI's .NET-style custom formats: `#,0`, `"S/" #,0.00`,
 * `0.0%`, `€#,0`) read into the parts the frame draws with. Only the first section counts: the
 * frame writes negatives with a minus sign before the prefix, as Power BI does for one section.
 */
export interface FormatPattern {
  /** Literal text before the digits, e.g. `S/ ` or `€`. */
  prefix: string;
  /** Literal text after the digits, e.g. `%` or ` €`. */
  suffix: string;
  /** Decimals always written (`0.00` → 2); undefined when the format says nothing about digits. */
  decimals: number | undefined;
  /** Thousands separators (`#,0`). */
  grouping: boolean;
  /** `%`: the value is multiplied by 100. */
  percent: boolean;
}

const DIGIT_CHARS = new Set(['#', '0', ',', '.']);

/** The literal text of a quoted run or an escaped character, and where reading resumes. */
function literalAt(format: string, at: number): [string, number] {
  const char = format[at]!;
  if (char === '\\') return [format[at + 1] ?? '', at + 2];
  if (char === '"' || char === "'") {
    const end = format.indexOf(char, at + 1);
    const close = end === -1 ? format.length : end;
    return [format.slice(at + 1, close), close + 1];
  }
  return [char, at + 1];
}

export function parseFormat(format: string | undefined): FormatPattern {
  const section = (format ?? '').split(';')[0] ?? '';
  let prefix = '';
  let suffix = '';
  let digits = '';
  let at = 0;
  while (at < section.length) {
    const char = section[at]!;
    // Digits are one run: a lone `.` or `,` inside text (`"S/."`) comes quoted, so it is literal.
    if (
      DIGIT_CHARS.has(char) &&
      (digits === '' ? /[#0]/.test(char) || /[#0]/.test(section[at + 1] ?? '') : suffix === '')
    ) {
      digits += char;
      at += 1;
      continue;
    }
    const [text, next] = literalAt(section, at);
    if (digits === '') prefix += text;
    else suffix += text;
    at = next;
  }
  const [whole = '', fraction] = digits.split('.');
  return {
    prefix,
    suffix,
    decimals: fraction !== undefined ? (fraction.match(/0/g)?.length ?? 0) : digits ? 0 : undefined,
    grouping: whole.includes(','),
    percent: section.includes('%'),
  };
}
