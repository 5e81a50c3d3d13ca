/**
 * What a workbook's sheet needs from its other parts: where the first sheet is, which cell styles
 * show dates (and from which day they count), and the shared strings that text cells point to.
 * The shared strings are the one part held in memory, so their count and length are capped.
 */
import { WorkbookRefused, type WorkbookZip } from './xlsx-zip.ts';

export interface WorkbookParts {
  sheetPart: string;
  /** Styles (by index) whose number format shows a date or a time. */
  dateStyles: Set<number>;
  date1904: boolean;
  sharedStrings: string[];
}

/** Excel's built-in number formats that show dates and times. */
const builtInDateFormats = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A format code shows a date when a date or time letter remains outside quotes and brackets. */
const isDateCode = (code: string) =>
  /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** `worksheets/sheet1.xml` from the workbook's relationships, as a path inside the zip. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

async function firstSheet(zip: WorkbookZip): Promise<{ sheetPart: string; date1904: boolean }> {
  let relationId: string | undefined;
  let date1904 = false;
  await zip.read('xl/workbook.xml', {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes['date1904'] ?? '');
      if (name === 'sheet' && relationId === undefined)
        relationId = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1];
    },
  });
  if (relationId === undefined) throw new WorkbookRefused('The workbook has no sheets');
  let target: string | undefined;
  await zip.read('xl/_rels/workbook.xml.rels', {
    open(name, attributes) {
      if (name === 'Relationship' && attributes['Id'] === relationId) target = attributes['Target'];
    },
  });
  if (target === undefined)
    throw new WorkbookRefused('The workbook does not say where its sheet is');
  return { sheetPart: partPath(target), date1904 };
}

async function dateStylesOf(zip: WorkbookZip): Promise<Set<number>> {
  const dateStyles = new Set<number>();
  if (!zip.has('xl/styles.xml')) return dateStyles;
  const customDates = new Set<number>();
  let inCellFormats = false;
  let styleIndex = 0;
  await zip.read('xl/styles.xml', {
    open(name, attributes) {
      if (name === 'numFmt' && isDateCode(attributes['formatCode'] ?? ''))
        customDates.add(Number(attributes['numFmtId']));
      if (name === 'cellXfs') inCellFormats = true;
      if (name === 'xf' && inCellFormats) {
        const format = Number(attributes['numFmtId'] ?? 0);
        if (builtInDateFormats.has(format) || customDates.has(format)) dateStyles.add(styleIndex);
        styleIndex++;
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellFormats = false;
    },
  });
  return dateStyles;
}

/**
 * The shared strings, each the text of its runs (phonetic hints left out), within
 * `maxCharacters` in all and `maxCharacters / 32` strings (each costs memory beyond its text).
 */
async function sharedStringsOf(zip: WorkbookZip, maxCharacters: number): Promise<string[]> {
  const strings: string[] = [];
  if (!zip.has('xl/sharedStrings.xml')) return strings;
  const maxStrings = Math.floor(maxCharacters / 32);
  let characters = 0;
  let current: string[] = [];
  let inText = false;
  let inPhonetic = false;
  const tooMany = (what: string) =>
    new WorkbookRefused(`The workbook's shared strings hold more than ${what}`);
  await zip.read('xl/sharedStrings.xml', {
    open(name) {
      if (name === 'si') current = [];
      if (name === 'rPh') inPhonetic = true;
      if (name === 't') inText = !inPhonetic;
    },
    text(text) {
      if (!inText) return;
      characters += text.length;
      if (characters > maxCharacters) throw tooMany(`${maxCharacters} characters`);
      current.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      if (name === 'rPh') inPhonetic = false;
      if (name !== 'si') return;
      if (strings.length === maxStrings) throw tooMany(`${maxStrings} strings`);
      strings.push(current.join(''));
    },
  });
  return strings;
}

export async function readWorkbookParts(
  zip: WorkbookZip,
  maxSharedCharacters: number,
): Promise<WorkbookParts> {
  const { sheetPart, date1904 } = await firstSheet(zip);
  return {
    sheetPart,
    date1904,
    dateStyles: await dateStylesOf(zip),
    sharedStrings: await sharedStringsOf(zip, maxSharedCharacters),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');
const MS_PER_DAY = 86_400_000;
/** Day 0 of Excel's two date systems, as days after 1970-01-01 (serial 25569 is that day). */
const epochDays = (date1904: boolean) => (date1904 ? -24107 : -25569);

/** A date as ISO text, the day alone at midnight (as the CSV path reads dates). */
export function isoDate(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

/** An Excel serial day number (days and fractions) as ISO text. */
export const serialDate = (serial: number, date1904: boolean) =>
  isoDate(new Date(Math.round((serial + epochDays(date1904)) * MS_PER_DAY)));
