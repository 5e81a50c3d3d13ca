import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('account secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.encrypt('Comercial2024 ñ');
    expect(sealed).not.toContain('Comercial2024');
    expect(box.encrypt('Comercial2024 ñ')).not.toBe(sealed);
    expect(box.decrypt(sealed)).toBe('Comercial2024 ñ');
  });

  it('detects tampering and refuses keys of the wrong size', () => {
    const [v, iv, tag, data] = box.encrypt('secreto').split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(box.encrypt('secreto'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow('32 bytes');
  });
});
