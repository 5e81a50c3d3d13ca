/** SQL list literals for the demo generator's own constant word lists (never for outside input). */
export function stringList(values: readonly string[]): string {
  return `[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;
}

export function numberList(values: readonly number[]): string {
  return `[${values.map((value) => String(Number(value))).join(', ')}]`;
}

/** A deterministic pseudo-random fraction in [0, 1) for row `row` and stream `stream`. */
export function unit(row: string, stream: number): string {
  return `((hash(${row}, ${stream}) % 1000003) / 1000003.0)`;
}

/** A deterministic pseudo-random 1-based index up to `count` (DuckDB lists are 1-based). */
export function pick(row: string, stream: number, count: number): string {
  return `CAST(1 + hash(${row}, ${stream}) % ${count} AS BIGINT)`;
}
