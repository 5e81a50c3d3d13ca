import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadInParts } from '../src/engine/csv-parts.ts';

const directory = mkdtempSync(join(tmpdir(), 'vitrina-csv-parts-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The CSV as PostgreSQL writes it: values with commas, doubled quotes and line breaks quoted. */
const rows = Array.from({ length: 200 }, (_, index) =>
  index % 3 === 0 ? `${index},"dice ""hola"",\nadiós"\n` : `${index},plain\n`,
);
const csv = Buffer.from(rows.join(''));

/** The stream in chunks of `size` bytes, so rows and quoted values straddle chunks. */
const chunked = (size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(csv.length / size) }, (_, index) =>
      csv.subarray(index * size, (index + 1) * size),
    ),
  );

describe('loading CSV in parts', () => {
  it.each([7, 64, 1000])(
    'cuts only where a row ends, keeps every byte and loads in order (chunks of %i bytes)',
    async (size) => {
      const parts: string[] = [];
      await loadInParts(chunked(size), directory, 100, async (file) => {
        parts.push(readFileSync(file, 'utf8'));
      });
      expect(parts.length).toBeGreaterThan(2);
      expect(parts.join('')).toBe(csv.toString());
      for (const part of parts) {
        expect(part.endsWith('\n')).toBe(true);
        expect(part.split('"').length % 2).toBe(1);
        expect(rows.some((row) => part.startsWith(row))).toBe(true);
      }
    },
  );

  it('loads nothing after a failed load, reads the stream to its end and rejects with the failure', async () => {
    let loads = 0;
    const failure = new Error('no cabe');
    const stream = chunked(64);
    await expect(
      loadInParts(stream, directory, 100, async () => {
        loads += 1;
        if (loads === 2) throw failure;
      }),
    ).rejects.toBe(failure);
    expect(loads).toBe(2);
    expect(stream.readableEnded).toBe(true);
  });

  it('rejects with a failure of the stream, after the loads started have ended', async () => {
    const failure = new Error('se cortó');
    const broken = Readable.from(
      (function* () {
        yield csv.subarray(0, 500);
        throw failure;
      })(),
    );
    await expect(loadInParts(broken, directory, 100, async () => undefined)).rejects.toBe(failure);
  });
});
