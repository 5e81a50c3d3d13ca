/** The files an export hands back, made from what the frame drew: PDFs joined, PNGs zipped, slides. */
import { zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';

/** One PDF of every part, in order (a part may hold several sheets). */
export async function joinPdfs(parts: readonly Buffer[]): Promise<Buffer> {
  if (parts.length === 1) return parts[0]!;
  const joined = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    const sheets = await joined.copyPages(source, source.getPageIndices());
    for (const sheet of sheets) joined.addPage(sheet);
  }
  return Buffer.from(await joined.save());
}

/** A file name of the page's display name: letters, digits, spaces and dashes only. */
function fileNameOf(index: number, title: string): string {
  const clean =
    title
      .normalize('NFC')
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim() || 'pagina';
  return `${String(index + 1).padStart(2, '0')} ${clean}.png`;
}

/** One PNG per exported page, as Power BI's .zip of a multi-page PNG export. */
export function zipPngs(images: readonly { title: string; png: Buffer }[]): Buffer {
  const entries = Object.fromEntries(
    images.map((image, index) => [fileNameOf(index, image.title), image.png] as const),
  );
  // PNGs are compressed already: stored, not deflated again.
  return Buffer.from(zipSync(entries, { level: 0 }));
}

const SLIDE = { width: 13.333, height: 7.5, margin: 0.3, title: 0.7 };

/** One slide per page: its name as the slide's title text, the page as a picture below it. */
export async function slides(
  images: readonly { title: string; png: Buffer; width: number; height: number }[],
): Promise<Buffer> {
  const deck = new PptxGenJS();
  deck.layout = 'LAYOUT_WIDE';
  for (const image of images) {
    const slide = deck.addSlide();
    slide.addText(image.title, {
      x: SLIDE.margin,
      y: SLIDE.margin / 2,
      w: SLIDE.width - 2 * SLIDE.margin,
      h: SLIDE.title,
      fontSize: 24,
      bold: true,
    });
    const room = {
      w: SLIDE.width - 2 * SLIDE.margin,
      h: SLIDE.height - SLIDE.title - 1.5 * SLIDE.margin,
    };
    const fit = Math.min(room.w / image.width, room.h / image.height);
    const [w, h] = [image.width * fit, image.height * fit];
    slide.addImage({
      data: `data:image/png;base64,${image.png.toString('base64')}`,
      x: (SLIDE.width - w) / 2,
      y: SLIDE.margin / 2 + SLIDE.title + (room.h - h) / 2,
      w,
      h,
      altText: image.title,
    });
  }
  return (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
}
