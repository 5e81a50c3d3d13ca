/**
 * An XLSX workbook's first sheet as a CSV file, so it takes the CSV path (inference, checks, the
 * kept file for corrections). Every sheet row becomes a line, empty ones too, so line numbers in
 * errors are the sheet's row numbers.
 */
import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { invalidRequest } from '../http/powerbi-error.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** Dates as ISO text (day alone at midnight); formulas by their result; rich text as its text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    return time === '00:00:00' ? day : `${day} ${time}`;
  }
  if (typeof value !== 'object') return String(value);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  return '';
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

export async function xlsxToCsv(path: string, target: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch {
    throw invalidRequest('The file cannot be read as XLSX');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) throw invalidRequest('The workbook has no rows');
  const width = sheet.columnCount;
  const lines: string[] = [];
  for (let rowNumber = 1; rowNumber <= sheet.rowCount; rowNumber++) {
    const row = sheet.getRow(rowNumber);
    const cells = Array.from({ length: width }, (_, index) =>
      quoted(cellText(row.getCell(index + 1).value)),
    );
    lines.push(cells.join(','));
  }
  writeFileSync(target, `${lines.join('\n')}\n`, { mode: 0o600 });
}
