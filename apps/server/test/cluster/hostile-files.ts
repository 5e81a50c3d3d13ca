import { crc32, deflateRawSync, createDeflateRaw } from 'node:zlib';

/** One member of a zip archive, already compressed (method 8, deflate) with its CRC and sizes. */
interface ZipEntry {
  name: Buffer;
  crc: number;
  size: number;
  /** The size the archive's headers state, when it is not the true one (a lying archive). */
  declaredSize?: number;
  compressed: Buffer;
}

function storedEntry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text);
  return {
    name: Buffer.from(name),
    crc: crc32(data),
    size: data.length,
    compressed: deflateRawSync(data),
  };
}

/** A zip archive (no zip64: every size here is under 4 GB) holding `entries`, all deflated. */
function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.declaredSize ?? entry.size, 22);
    local.writeUInt16LE(entry.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.declaredSize ?? entry.size, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, entry.name, entry.compressed);
    centrals.push(central, entry.name);
    offset += local.length + entry.name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The text of one cell: long runs of one letter are what deflate shrinks most (about 1000:1). */
const cellText = Buffer.alloc(256 * 1024, 'x');

/** Deflates the sheet as it is generated, so the ~500 MB of XML never sit in memory at once. */
async function bombSheet(inflatedBytes: number): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const write = async (text: string | Buffer) => {
    const data = Buffer.from(text);
    crc = crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  for (let row = 1; size < inflatedBytes; row++) {
    await write(`<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>`);
    await write(cellText);
    await write('</t></is></c></row>');
  }
  await write('</sheetData></worksheet>');
  deflate.end();
  await finished;
  return {
    name: Buffer.from('xl/worksheets/sheet1.xml'),
    crc,
    size,
    compressed: Buffer.concat(compressed),
  };
}

/** The sheet is the slow part to build (about 2 s): both bombs share one. */
let sheet: Promise<ZipEntry> | undefined;

/**
 * An XLSX workbook of one sheet whose XML inflates to 500 MB from a file of well under 1 MB: a
 * cell of 256 KB of text in each of some 2,000 rows. Honest, its headers state the sheet's real
 * size (a reader may refuse it from the directory alone); `understated`, they claim 1 MB, so
 * only a reader that counts the bytes as it inflates them can stop it in time.
 */
export async function xlsxBomb({ understated = false } = {}): Promise<Buffer> {
  sheet ??= bombSheet(500 * 1024 * 1024);
  const bomb = await sheet;
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
