import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { multipartFile } from './multipart-file.ts';

describe('multipartFile', () => {
  it('wraps the file in one form-data part named file, with its boundary', async () => {
    const body = multipartFile(Readable.from([Buffer.from('A;B\n1;2\n')]), 'ven"tas.csv');
    const boundary = body.contentType.split('boundary=')[1]!;
    expect(await text(body.stream)).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ven_tas.csv"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\nA;B\n1;2\n\r\n--${boundary}--\r\n`,
    );
  });
});
