import { platform } from './platform.ts';

/** `bytes` random bytes from the platform's cryptographic generator, as lowercase hex. */
export function randomHex(bytes: number): string {
  return Array.from(platform.crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Tracking ids from the platform's cryptographic generator. 2.8.0 used `Math.random()`, whose ids
 * can be predicted and collide; 64 random bits in hex cannot, and frames only compare them as text.
 */
export function createRandomId(): string {
  return randomHex(8);
}
