import { hash, verify } from '@node-rs/argon2';

/** argon2id hash of a password or client secret. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

/** Whether `secret` matches `storedHash`; a malformed hash counts as a mismatch. */
export async function secretMatches(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}
