import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';

/**
 * Wraps a file stream in a one-part multipart/form-data body (field `file`), without holding
 * the file in memory: the BI service's Imports API wants the file that way.
 */
export function multipartFile(file: Readable, fileName: string) {
  const boundary = `vitrina-${randomUUID()}`;
  const safeName = fileName.replace(/["\r\n]/g, '_');
  const body = new PassThrough();
  body.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  file.on('error', (error) => body.destroy(error));
  file.on('end', () => body.end(`\r\n--${boundary}--\r\n`));
  file.pipe(body, { end: false });
  return { stream: body as Readable, contentType: `multipart/form-data; boundary=${boundary}` };
}
