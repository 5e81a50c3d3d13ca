/**
 * Inferring a staged file's column types: a Parquet file's from DuckDB's own, a CSV's from which
 * reading every distinct value of its first rows fits (see file-staging.ts for the readings).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DataType } from '@vitrina/bi-model';
import type { ColumnDefinition } from './model.ts';
import {
  booleanOf,
  commaPattern,
  dateTimeOf,
  integerPattern,
  matches,
  pointPattern,
  STAGE,
  text,
  type FileSource,
} from './file-staging.ts';

/**
 * Types are inferred from the first rows: as many as make about 2.5 million values (so a wide
 * file's stage stays within the import's memory) and about 32 MB of the file (so a file of long
 * values does too: 50,000 rows of ten 1,000-character values staged 500 MB). A later value that
 * does not fit is caught on write.
 */
const INFERENCE_ROWS = 50_000;
const INFERENCE_VALUES = 2_500_000;
const INFERENCE_BYTES = 32 * 1024 * 1024;
/** However long its lines, a file's types come from at least its first rows (Power BI's 200). */
const INFERENCE_MIN_ROWS = 200;
const SAMPLE_BYTES = 1024 * 1024;

/** The average length of the file's first lines, from its first megabyte. */
function lineBytes(path: string): number {
  const sample = Buffer.alloc(SAMPLE_BYTES);
  const file = openSync(path, 'r');
  try {
    const length = readSync(file, sample, 0, SAMPLE_BYTES, 0);
    let lines = 0;
    for (let at = sample.indexOf(0x0a); at !== -1 && at < length; at = sample.indexOf(0x0a, at + 1))
      lines++;
    // A sample without a line break is one line at least that long.
    return length / Math.max(1, lines);
  } finally {
    closeSync(file);
  }
}

export function inferenceRows(columns: number, path: string) {
  const byBytes = Math.max(INFERENCE_MIN_ROWS, Math.floor(INFERENCE_BYTES / lineBytes(path)));
  return Math.min(INFERENCE_ROWS, Math.ceil(INFERENCE_VALUES / columns), byBytes);
}
/** Columns whose types one inference query counts. */
const INFERENCE_BATCH = 32;

const parquetTypes: [RegExp, DataType][] = [
  [/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)$/, 'integer'],
  [/^(FLOAT|DOUBLE|DECIMAL.*)$/, 'number'],
  [/^DATE$/, 'date'],
  [/^TIMESTAMP.*$/, 'datetime'],
  [/^BOOLEAN$/, 'boolean'],
];

/** Each staged column's inferred type; for CSV also which numbers use a decimal comma. */
export async function inferColumns(
  connection: DuckDBConnection,
  source: FileSource,
): Promise<{ columns: ColumnDefinition[]; decimalComma: string[] }> {
  const described = await connection.runAndReadAll(`DESCRIBE ${STAGE}`);
  const staged = described
    .getRows()
    .map(([name, type]) => ({ name: String(name), type: String(type) }))
    .filter(({ name }) => name !== 'rowid');
  if (source.format !== 'csv') {
    const columns = staged.map(({ name, type }) => ({
      name,
      dataType: parquetTypes.find(([pattern]) => pattern.test(type))?.[1] ?? ('string' as const),
    }));
    return { columns, decimalComma: [] };
  }
  // "Every value matches" holds of the distinct values as of all of them, and a column of the
  // first rows (what the stage holds here) has far fewer distinct values than rows: each reading
  // is tried once per value.
  const where = (pattern: string) => `count(CASE WHEN ${matches('v', pattern)} THEN 1 END)`;
  const counts = [
    'count(v)',
    where(integerPattern),
    where(pointPattern),
    where(commaPattern),
    'count(t)',
    // A date column with some time of day other than midnight keeps its times (decision 0244).
    `count(CASE WHEN CAST(t AS TIME) <> TIME '00:00:00' THEN 1 END)`,
    `count(${booleanOf('v')})`,
  ].join(', ');
  const perColumn = staged.map(
    ({ name }, index) =>
      `SELECT ${index} AS i, ${counts} FROM (SELECT v, ${dateTimeOf('v')} AS t FROM ` +
      `(SELECT DISTINCT ${text(name)} AS v FROM ${STAGE}))`,
  );
  // A few columns a query: each column's DISTINCT holds a hash table while its query runs, and
  // a wide file's columns all at once outgrow the import's memory (decision 0223).
  const rows: number[][] = [];
  for (let from = 0; from < perColumn.length; from += INFERENCE_BATCH) {
    const batch = perColumn.slice(from, from + INFERENCE_BATCH).join(' UNION ALL ');
    const answer = await connection.runAndReadAll(`${batch} ORDER BY i`);
    rows.push(...answer.getRows().map((row) => row.slice(1).map(Number)));
  }
  const decimalComma: string[] = [];
  const columns = staged.map(({ name }, index): ColumnDefinition => {
    const [present, ints, points, commas, dates, timed, booleans] = rows[index]!;
    const all = (count: number | undefined) => present! > 0 && count === present;
    if (all(ints)) return { name, dataType: 'integer' };
    if (all(points)) return { name, dataType: 'number' };
    if (all(commas)) {
      decimalComma.push(name);
      return { name, dataType: 'number' };
    }
    if (all(dates)) return { name, dataType: timed! > 0 ? 'datetime' : 'date' };
    if (all(booleans)) return { name, dataType: 'boolean' };
    return { name, dataType: 'string' };
  });
  return { columns, decimalComma };
}
