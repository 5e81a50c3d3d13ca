import { describe, expect, it } from 'vitest';
import { csvFile } from './export.ts';

describe('the downloaded CSV file', () => {
  it('starts with a UTF-8 byte order mark, so that Excel reads "Perú" as written', async () => {
    const bytes = new Uint8Array(await csvFile('Región;Ventas\r\nPerú;89326,31\r\n').arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Región;Ventas\r\nPerú;89326,31\r\n');
  });
});
