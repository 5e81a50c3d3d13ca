import { Transform, type Readable } from 'node:stream';

/**
 * Passes a stream through until it exceeds `maxBytes`, then fails it; `exceeded()` tells the
 * caller why the upload stopped. The file is never held whole in memory.
 */
export function limitBytes(source: Readable, maxBytes: number) {
  let seen = 0;
  let over = false;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        over = true;
        done(new Error(`upload larger than ${maxBytes} bytes`));
      } else done(null, chunk);
    },
  });
  source.on('error', (error) => limited.destroy(error));
  source.pipe(limited);
  return { stream: limited as Readable, exceeded: () => over };
}
