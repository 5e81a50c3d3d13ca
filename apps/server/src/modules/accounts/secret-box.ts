import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Encrypts integration-account passwords at rest (AES-256-GCM, random 96-bit IV per value). */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(sealed: string): string;
}

const version = 'v1';

/** `key` is 32 bytes (see `loadKey` in lib/secrets.ts). Sealed values read `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The account encryption key must be 32 bytes');
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [tag, iv, authTag, ciphertext] = sealed.split('.');
      if (tag !== version || !iv || !authTag || ciphertext === undefined) {
        throw new Error('Unreadable encrypted account password');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
