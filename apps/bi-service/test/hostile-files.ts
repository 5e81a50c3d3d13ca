/**
 * Files made to exhaust an import, built here from scratch: an XLSX whose sheet inflates to
 * hundreds of megabytes from a small zip, and a CSV 10,000 columns wide; an upload sent as a
 * stream, slowly or without end. Also what the tests need around them: the uploads left in the
 * data folder.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import { buffer } from 'node:stream/consumers';
import { zipArchive, type ZipEntry } from '@vitrina/test-support/zip';

interface ZipPart {
  name: string;
  /** The part's bytes, given in pieces so that a huge part is never whole in memory. */
  pieces: () => Iterable<Buffer>;
  /** zlib's level: 9 (the default) packs repeats hardest, 1 leaves a ratio real workbooks reach. */
  level?: number;
}

/** Deflates the pieces as a stream; answers the deflated bytes, the inflated size and CRC. */
async function deflated(part: ZipPart) {
  let size = 0;
  let crc = 0;
  const counted = Readable.from(
    (function* () {
      for (const piece of part.pieces()) {
        size += piece.length;
        crc = crc32(piece, crc);
        yield piece;
      }
    })(),
  );
  const data = await buffer(counted.pipe(createDeflateRaw({ level: part.level ?? 9 })));
  return { data, size, crc };
}

/** A zip of deflated parts (no zip64: every part under 4 GB). */
async function zip(parts: ZipPart[]): Promise<Buffer> {
  const entries: ZipEntry[] = [];
  for (const part of parts) {
    const { data, size, crc } = await deflated(part);
    entries.push({ name: part.name, crc, size, compressed: data });
  }
  return zipArchive(entries);
}

const text =
  (value: string): ZipPart['pieces'] =>
  () => [Buffer.from(value)];

/**
 * A workbook whose one sheet is `rows` (its XML in pieces, between the sheet's own tags), the
 * sheet deflated at `level`.
 */
export function workbook(rows: () => Iterable<string>, level = 9): Promise<Buffer> {
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zip([
    {
      name: 'xl/workbook.xml',
      pieces: text(
        `<workbook xmlns:r="${relationships}"><sheets><sheet name="Datos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: text(
        `<Relationships><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      pieces: function* () {
        yield Buffer.from('<worksheet><sheetData>');
        for (const piece of rows()) yield Buffer.from(piece);
        yield Buffer.from('</sheetData></worksheet>');
      },
      level,
    },
  ]);
}

/** An XLSX bomb: a few hundred kilobytes whose sheet XML inflates to `megabytes` of rows. */
export function xlsxBomb(megabytes: number): Promise<Buffer> {
  const block = '<row><c><v>1</v></c></row>'.repeat(40_000);
  return workbook(function* () {
    for (let written = 0; written < megabytes * 1024 * 1024; written += block.length) yield block;
  });
}

/**
 * The deployment suite's moderate bomb: 500 MB of sheet XML in rows of ten 1,000-character inline
 * strings, deflated fast to about 75:1, under the ratio past which a part is refused unread. The
 * default expansion ceiling (300 MB) refuses it as it inflates.
 */
export function moderateXlsxBomb(): Promise<Buffer> {
  const cell = `<is><t>${'x'.repeat(1000)}</t></is></c>`;
  const columns = 'ABCDEFGHIJ'.split('');
  return workbook(function* () {
    let written = 0;
    for (let row = 1; written < 500 * 1024 * 1024; row++) {
      const cells = columns.map((column) => `<c r="${column}${row}" t="inlineStr">${cell}`);
      const piece = `<row r="${row}">${cells.join('')}</row>`;
      written += piece.length;
      yield piece;
    }
  }, 1);
}

/** A CSV `columns` wide and about `bytes` long: a header, then rows of numbers. */
export function wideCsv(columns: number, bytes: number): Buffer {
  const header = Array.from({ length: columns }, (_, index) => `Columna_${index}`).join(';');
  const row = Array.from({ length: columns }, (_, index) => String(index % 10)).join(';');
  const rows = Math.max(1, Math.ceil((bytes - header.length) / (row.length + 1)));
  return Buffer.from(`${header}\n${`${row}\n`.repeat(rows)}`);
}

/** What an import leaves in the dataset folder besides datasets: uploads and their CSV. */
export function leftoverUploads(dataRoot: string): string[] {
  const folder = join(dataRoot, 'bi', 'datasets');
  try {
    return readdirSync(folder).filter((name) => /\.upload(\.csv(\.rows)?)?$/.test(name));
  } catch {
    return [];
  }
}

/**
 * The request of an import whose multipart body is sent as a stream (no Content-Length), as a
 * slow or stalled client sends it: the one file part, `lento.csv`, is `chunks`.
 */
export function streamedUpload(token: string, chunks: AsyncIterable<Uint8Array>): RequestInit {
  const boundary = 'vitrina-limits';
  const body = (async function* () {
    yield new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lento.csv"\r\n\r\n`,
    );
    yield* chunks;
    yield new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  })();
  return {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: body as unknown as RequestInit['body'],
    duplex: 'half',
  } as RequestInit;
}
