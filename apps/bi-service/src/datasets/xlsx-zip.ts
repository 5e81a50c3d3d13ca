/**
 * The parts of an XLSX file (a zip) read one at a time as XML events, within a budget of inflated
 * bytes (decision 0223). The zip's directory says how large each part inflates to: a part over
 * the budget, or one that inflates far more than real workbooks do (a zip bomb), is refused
 * before a byte of it is inflated. yauzl checks as it inflates that no part outgrows what the
 * directory says, and the bytes are counted too, so the budget holds whatever the directory claims.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry } from 'yauzl';

/** A limit of the import that the workbook crosses; its message says which. */
export class WorkbookRefused extends Error {}

/**
 * Workbooks inflate 8 to 20 times (a sheet of one repeated value about 17); far more than this
 * is a file made to inflate. Small parts are let through whatever their ratio.
 */
const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** A workbook has a few dozen parts; a directory of thousands is not one. */
const MAX_PARTS = 10_000;

/** What the parser hands the caller: element names without their namespace prefix. */
export interface XmlEvents {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export interface WorkbookZip {
  has(part: string): boolean;
  /** Parses the part, calling `events` as it inflates; `afterChunk` may wait (to write output). */
  read(part: string, events: XmlEvents, afterChunk?: () => Promise<void>): Promise<void>;
  close(): void;
}

export async function openWorkbookZip(
  path: string,
  maxInflatedBytes: number,
): Promise<WorkbookZip> {
  const zip = await yauzl.openPromise(path, { autoClose: false, validateEntrySizes: true });
  const parts = new Map<string, Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (parts.size === MAX_PARTS)
        throw new WorkbookRefused(`The workbook has more than ${MAX_PARTS} parts`);
      parts.set(entry.fileName, entry);
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  let inflated = 0;
  const overBudget = () =>
    new WorkbookRefused(
      `The workbook inflates to more than the ${maxInflatedBytes} bytes an import may read`,
    );

  return {
    has: (part) => parts.has(part),
    async read(part, events, afterChunk) {
      const entry = parts.get(part);
      if (!entry) throw new WorkbookRefused(`The workbook has no ${part}`);
      if (
        entry.uncompressedSize > RATIO_FLOOR_BYTES &&
        entry.uncompressedSize > entry.compressedSize * MAX_RATIO
      )
        throw new WorkbookRefused(
          `The workbook part ${part} inflates more than ${MAX_RATIO} times: it is not read`,
        );
      if (inflated + entry.uncompressedSize > maxInflatedBytes) throw overBudget();
      const parser = new SaxesParser();
      parser.on('opentag', (tag: SaxesTagPlain) =>
        events.open?.(localName(tag.name), tag.attributes),
      );
      if (events.text) parser.on('text', events.text);
      if (events.close) parser.on('closetag', (tag) => events.close!(localName(tag.name)));
      const decoder = new TextDecoder();
      const stream = await zip.openReadStreamPromise(entry);
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          if (inflated > maxInflatedBytes) throw overBudget();
          parser.write(decoder.decode(chunk, { stream: true }));
          await afterChunk?.();
        }
        parser.write(decoder.decode());
        parser.close();
      } finally {
        stream.destroy();
      }
    },
    close: () => zip.close(),
  };
}
