import { platform } from './platform.ts';

/**
 * Tracking ids from the platform's cryptographic generator. 2.8.0 used `Math.random()`, whose ids
 * can be predicted and collide; 64 random bits in hex cannot, and frames only compare them as text.
 */
export function createRandomId(): string {
  const words = new Uint32Array(2);
  platform.crypto.getRandomValues(words);
  return Array.from(words, (word) => word.toString(16).padStart(8, '0')).join('');
}
