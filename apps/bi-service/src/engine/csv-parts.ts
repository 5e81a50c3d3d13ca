/**
 * Cuts a CSV byte stream into files of about `partBytes`, each ending where a row ends, and loads
 * each finished file while the next one is being written: the reader's work overlaps the
 * stream's. A row ends at a line break outside quotes; quotes inside a value are doubled, so the
 * count of quotes before a line break says whether it is inside one.
 */
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** Whether the chunk ends inside quotes, given whether it starts inside them. */
function endsQuoted(chunk: Buffer, startsQuoted: boolean): boolean {
  let quoted = startsQuoted;
  for (let at = chunk.indexOf(QUOTE); at !== -1; at = chunk.indexOf(QUOTE, at + 1))
    quoted = !quoted;
  return quoted;
}

/**
 * Where the last complete row of `chunk` ends (just past its line break), given whether the
 * chunk starts inside quotes; -1 when no row ends in it. One pass over its breaks and quotes.
 */
function lastRowEnd(chunk: Buffer, startsQuoted: boolean): number {
  let quoted = startsQuoted;
  let nextQuote = chunk.indexOf(QUOTE);
  let end = -1;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) {
    for (; nextQuote !== -1 && nextQuote < at; nextQuote = chunk.indexOf(QUOTE, nextQuote + 1))
      quoted = !quoted;
    if (!quoted) end = at + 1;
  }
  return end;
}

/**
 * Writes `stream` into numbered files in `directory` and calls `load` on each in order (one at a
 * time, each file removed once loaded). Rejects with the first failure of either side, once the
 * loads already started have ended.
 */
export async function loadInParts(
  stream: Readable,
  directory: string,
  partBytes: number,
  load: (file: string) => Promise<void>,
): Promise<void> {
  let loading = Promise.resolve();
  let loadFailure: { error: unknown } | undefined;
  const loadLater = (file: string) => {
    loading = loading
      .then(() => (loadFailure ? undefined : load(file)))
      .then(() => rm(file, { force: true }))
      .catch((error: unknown) => {
        loadFailure ??= { error };
      });
  };
  let parts = 0;
  let file = join(directory, `part-${parts}.csv`);
  let handle: FileHandle | undefined = await open(file, 'w', 0o600);
  let written = 0;
  let quoted = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // After a failed load the stream is still read to its end (and dropped): the connection
      // it comes from is then free for what follows, as after a completed copy.
      if (loadFailure) continue;
      const end = written + chunk.length >= partBytes ? lastRowEnd(chunk, quoted) : -1;
      quoted = endsQuoted(chunk, quoted);
      if (end === -1) {
        await handle.write(chunk);
        written += chunk.length;
        continue;
      }
      await handle.write(chunk.subarray(0, end));
      await handle.close();
      loadLater(file);
      file = join(directory, `part-${++parts}.csv`);
      handle = await open(file, 'w', 0o600);
      await handle.write(chunk.subarray(end));
      written = chunk.length - end;
    }
    await handle.close();
    handle = undefined;
    if (written > 0) loadLater(file);
  } finally {
    await handle?.close();
    await loading;
  }
  if (loadFailure) throw loadFailure.error;
}
