/**
 * How a CSV file is written, read from its first lines: the delimiter (`;` as Spanish spreadsheets
 * write, `,`, tab or `|`), whether the first line is a header, and the column names. DuckDB's own
 * sniffer falls back to a one-column reading of a malformed file; deciding here lets DuckDB read
 * strictly and report the malformed line instead.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { invalidRequest } from '../http/powerbi-error.ts';

export interface CsvDialect {
  delimiter: string;
  header: boolean;
  columns: string[];
}

const candidates = [';', ',', '\t', '|'];
/** The first line must end within the sample: a header is read whole before any row. */
const SAMPLE_BYTES = 1024 * 1024;

/** Splits one line on `delimiter`, honouring double quotes ("" is a quote inside quotes). */
function splitLine(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

const looksLikeValue = (field: string) =>
  /^-?[\d.,]+$/.test(field) || /^\d{1,4}[-/]\d{1,2}[-/]\d{1,4}/.test(field);

/** The file's first bytes, and whether they are the whole file. */
function readSample(path: string): { text: string; whole: boolean } {
  const buffer = Buffer.alloc(SAMPLE_BYTES + 1);
  const file = openSync(path, 'r');
  try {
    const length = readSync(file, buffer, 0, SAMPLE_BYTES + 1, 0);
    const text = buffer
      .subarray(0, Math.min(length, SAMPLE_BYTES))
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return { text, whole: length <= SAMPLE_BYTES };
  } finally {
    closeSync(file);
  }
}

/**
 * The dialect of the CSV file at `path`. A first line is a header when its fields are non-empty,
 * distinct and none of them looks like a number or a date.
 */
export function detectCsvDialect(path: string): CsvDialect {
  const sample = readSample(path);
  const first = sample.text.split(/\r?\n/).find((line) => line.trim() !== '');
  if (first === undefined) throw invalidRequest('The file is empty');
  if (!sample.whole && !sample.text.includes('\n'))
    throw invalidRequest(`The first line is longer than ${SAMPLE_BYTES / 1024 / 1024} MB`);
  const counts = candidates.map((delimiter) => splitLine(first, delimiter).length);
  const best = Math.max(...counts);
  const delimiter = best > 1 ? candidates[counts.indexOf(best)]! : ',';
  const fields = splitLine(first, delimiter);
  const distinct = new Set(fields.map((field) => field.toLowerCase())).size === fields.length;
  const header = distinct && fields.every((field) => field !== '' && !looksLikeValue(field));
  return {
    delimiter,
    header,
    columns: header ? fields : fields.map((_, index) => `Columna${index + 1}`),
  };
}
