import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadAccountKey } from './secret-box.ts';

const dir = mkdtempSync(join(tmpdir(), 'vitrina-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('account secret box', () => {
  it('round-trips and never stores the plaintext', () => {
    const box = createSecretBox(loadAccountKey(undefined, join(dir, 'a', 'account.key')));
    const sealed = box.encrypt('Comercial2024 ñ');
    expect(sealed).not.toContain('Comercial2024');
    expect(box.encrypt('Comercial2024 ñ')).not.toBe(sealed);
    expect(box.decrypt(sealed)).toBe('Comercial2024 ñ');
  });

  it('creates the key file once, owner-only, and reuses it', () => {
    const file = join(dir, 'b', 'account.key');
    const first = loadAccountKey(undefined, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadAccountKey(undefined, file).equals(first)).toBe(true);
  });

  it('prefers the configured key and detects tampering', () => {
    const key = Buffer.alloc(32, 7);
    const box = createSecretBox(loadAccountKey(key.toString('base64'), join(dir, 'unused.key')));
    const [v, iv, tag, data] = box.encrypt('secreto').split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow('32 bytes');
  });
});
