/**
 * A sheet's rows streamed to CSV as they inflate: nothing but the row being read is held. Every
 * field is quoted. Rows are written as wide as their last cell, since the sheet's width is known
 * only at its end; a second pass over the file then pads the shorter rows (`padRows`). Missing
 * rows become empty lines, so line numbers in errors are the sheet's row numbers.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { serialDate, isoDate, type WorkbookParts } from './xlsx-parts.ts';
import { WorkbookRefused, type WorkbookZip } from './xlsx-zip.ts';

/** Excel's own limit: a sheet never has more rows. */
const MAX_ROWS = 1_048_576;
const FLUSH_CHARACTERS = 1024 * 1024;

export interface SheetLimits {
  maxColumns: number;
  /** The CSV may not grow past this either (a few cells far apart make many empty fields). */
  maxCsvBytes: number;
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `BC12` → 55 (columns count from 1). */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column;
}

/** A cell's text as the CSV path reads it: numbers as JavaScript writes them, dates as ISO. */
function cellText(parts: WorkbookParts, type: string, style: number, value: string): string {
  switch (type) {
    case 's':
      return parts.sharedStrings[Number(value)] ?? '';
    case 'b':
      return value === '1' ? 'true' : 'false';
    case 'e':
      return '';
    case 'd': {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : isoDate(date);
    }
    case 'str':
    case 'inlineStr':
      return value;
    default:
      if (value === '') return '';
      return parts.dateStyles.has(style)
        ? serialDate(Number(value), parts.date1904)
        : String(Number(value));
  }
}

/** How the first pass left the rows: each row's width, and the widest. */
export interface WrittenRows {
  widths: Uint16Array;
  rows: number;
  width: number;
  bytes: number;
}

/** First pass: the sheet's rows into `target`, unpadded. */
export async function writeSheetRows(
  zip: WorkbookZip,
  parts: WorkbookParts,
  target: string,
  limits: SheetLimits,
): Promise<WrittenRows> {
  const written: WrittenRows = { widths: new Uint16Array(MAX_ROWS), rows: 0, width: 0, bytes: 0 };
  let pending: string[] = [];
  let pendingCharacters = 0;
  let cells: string[] = [];
  let cell = { column: 0, type: '', style: 0, text: '' };
  let inValue = false;
  let inPhonetic = false;

  const emit = (line: string) => {
    pending.push(line);
    pendingCharacters += line.length;
  };
  const endRow = () => {
    written.widths[written.rows++] = cells.length;
    written.width = Math.max(written.width, cells.length);
    emit(`${cells.map(quoted).join(',')}\n`);
  };
  const file: FileHandle = await open(target, 'w', 0o600);
  const flush = async () => {
    if (pendingCharacters < FLUSH_CHARACTERS) return;
    const { bytesWritten } = await file.write(pending.join(''));
    written.bytes += bytesWritten;
    if (written.bytes > limits.maxCsvBytes) throw csvTooLarge(limits);
    pending = [];
    pendingCharacters = 0;
  };
  try {
    await zip.read(
      parts.sheetPart,
      {
        open(name, attributes) {
          if (name === 'row') {
            const row = Number(attributes['r'] ?? written.rows + 1);
            if (row > MAX_ROWS)
              throw new WorkbookRefused(`The sheet has more than ${MAX_ROWS} rows`);
            // Rows the sheet leaves out are empty lines.
            while (written.rows < row - 1) {
              emit('\n');
              written.rows++;
            }
            cells = [];
          } else if (name === 'c') {
            const column = attributes['r'] ? columnOf(attributes['r']) : cells.length + 1;
            if (column > limits.maxColumns)
              throw new WorkbookRefused(`The sheet has more than ${limits.maxColumns} columns`);
            cell = {
              column,
              type: attributes['t'] ?? 'n',
              style: Number(attributes['s'] ?? 0),
              text: '',
            };
          } else if (name === 'v') inValue = true;
          else if (name === 'rPh') inPhonetic = true;
          else if (name === 't') inValue = !inPhonetic;
        },
        text(text) {
          if (inValue) cell.text += text;
        },
        close(name) {
          if (name === 'v' || name === 't') inValue = false;
          else if (name === 'rPh') inPhonetic = false;
          else if (name === 'c') {
            while (cells.length < cell.column - 1) cells.push('');
            cells[cell.column - 1] = cellText(parts, cell.type, cell.style, cell.text);
          } else if (name === 'row') endRow();
        },
      },
      flush,
    );
    pendingCharacters = Infinity;
    await flush();
  } finally {
    await file.close();
  }
  return written;
}

const csvTooLarge = (limits: SheetLimits) =>
  new WorkbookRefused(
    `The sheet as CSV is larger than the ${limits.maxCsvBytes} bytes an import may write`,
  );

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * Second pass: copies `source` to `target`, padding every row to the sheet's width with empty
 * fields. A line break ends a row only outside quotes, and every field is quoted, so counting
 * quotes tells which breaks end rows.
 */
export async function padRows(
  source: string,
  target: string,
  written: WrittenRows,
  limits: SheetLimits,
): Promise<void> {
  const full = ',""'.repeat(written.width);
  const padOf = (row: number) => {
    const width = written.widths[row]!;
    return width === 0 ? full.slice(1) : full.slice(0, 3 * (written.width - width));
  };
  let padding = 0;
  for (let row = 0; row < written.rows; row++) padding += padOf(row).length;
  if (written.bytes + padding > limits.maxCsvBytes) throw csvTooLarge(limits);
  const file = await open(target, 'w', 0o600);
  let row = 0;
  let quotedText = false;
  try {
    for await (const chunk of createReadStream(source) as AsyncIterable<Buffer>) {
      const pieces: (Buffer | string)[] = [];
      let from = 0;
      let quote = chunk.indexOf(QUOTE);
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) {
        for (; quote !== -1 && quote < at; quote = chunk.indexOf(QUOTE, quote + 1))
          quotedText = !quotedText;
        if (quotedText) continue;
        pieces.push(chunk.subarray(from, at), padOf(row++));
        from = at;
      }
      for (; quote !== -1; quote = chunk.indexOf(QUOTE, quote + 1)) quotedText = !quotedText;
      pieces.push(chunk.subarray(from));
      await file.write(
        Buffer.concat(
          pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)),
        ),
      );
    }
  } finally {
    await file.close();
  }
}
