/** AES-256-GCM for secrets kept at rest (a PostgreSQL source's connection string). */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** `iv.tag.ciphertext`, each base64url. */
export function seal(key: Uint8Array, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function open(key: Uint8Array, box: string): string {
  const [iv, tag, sealed] = box.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('Malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
