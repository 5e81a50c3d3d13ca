import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { limitBytes } from './byte-limit.ts';

describe('limitBytes', () => {
  it('passes a stream within the limit through unchanged', async () => {
    const limited = limitBytes(Readable.from([Buffer.from('abc'), Buffer.from('de')]), 5);
    expect(await text(limited.stream)).toBe('abcde');
    expect(limited.exceeded()).toBe(false);
  });

  it('fails a stream past the limit and says so', async () => {
    const limited = limitBytes(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 5);
    await expect(text(limited.stream)).rejects.toThrow('upload larger than 5 bytes');
    expect(limited.exceeded()).toBe(true);
  });
});
