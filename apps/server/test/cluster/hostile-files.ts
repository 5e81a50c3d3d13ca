import { crc32, deflateRawSync, createDeflateRaw } from 'node:zlib';
import { zipArchive, type ZipEntry } from '@vitrina/test-support/zip';

function storedEntry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text);
  return {
    name,
    crc: crc32(data),
    size: data.length,
    compressed: deflateRawSync(data),
  };
}

/**
 * How a bomb's 500 MB of sheet XML are made: cells of one repeated letter, which deflate shrinks
 * by up to 1000:1. `dense`: one cell of 256 KB a row, deflated hard (about 850:1). `moderate`: ten
 * cells of 1,000 characters a row, deflated fast (about 75:1), under the 100:1 past which a reader
 * may call a part a bomb unread, and still far past any sheet a user means to import.
 */
const shapes = {
  dense: { cellBytes: 256 * 1024, columns: ['A'], level: 9 },
  moderate: { cellBytes: 1000, columns: 'ABCDEFGHIJ'.split(''), level: 1 },
};
export type BombShape = keyof typeof shapes;

/** Deflates the sheet as it is generated, so the 500 MB of XML never sit in memory at once. */
async function bombSheet(shape: BombShape): Promise<ZipEntry> {
  const { cellBytes, columns, level } = shapes[shape];
  const deflate = createDeflateRaw({ level });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const data = Buffer.from(text);
    crc = crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  const text = 'x'.repeat(cellBytes);
  for (let row = 1; size < 500 * 1024 * 1024; row++) {
    const cells = columns.map(
      (column) => `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`,
    );
    await write(`<row r="${row}">${cells.join('')}</row>`);
  }
  await write('</sheetData></worksheet>');
  deflate.end();
  await finished;
  return {
    name: 'xl/worksheets/sheet1.xml',
    crc,
    size,
    compressed: Buffer.concat(compressed),
  };
}

/** Building a sheet is the slow part (2 to 3 s): bombs of one shape share it. */
const sheets = new Map<BombShape, Promise<ZipEntry>>();

/**
 * An XLSX workbook of one sheet whose XML inflates to 500 MB from a file of a few MB (see
 * `shapes`). Honest, its headers state the sheet's real size (a reader may refuse it from the
 * directory alone); `understated`, they claim 1 MB, so only a reader that counts the bytes as it
 * inflates them can stop it in time.
 */
export async function xlsxBomb(shape: BombShape, understated = false): Promise<Buffer> {
  if (!sheets.has(shape)) sheets.set(shape, bombSheet(shape));
  const bomb = await sheets.get(shape)!;
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const packageRels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  return zipArchive([
    storedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    storedEntry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRels}">` +
        `<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    storedEntry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relationships}">` +
        '<sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    storedEntry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRels}">` +
        `<Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    understated ? { ...bomb, declaredSize: 1024 * 1024 } : bomb,
  ]);
}

/** A CSV of `width` columns (10,000 by default) and enough rows to weigh about 3 MB. */
export function wideCsv(width = 10_000, rows = 150): Buffer {
  const header = Array.from({ length: width }, (_, index) => `c${index + 1}`).join(',');
  const line = Array.from({ length: width }, (_, index) => String(index % 10)).join(',');
  return Buffer.from(`${header}\n${`${line}\n`.repeat(rows)}`);
}
