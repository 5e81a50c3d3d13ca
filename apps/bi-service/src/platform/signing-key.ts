import { randomBytes, createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDirectory, ensurePrivateFile, writePrivateFile } from './private-files.ts';

/** An HS256 key with the id that tokens carry in their `kid` header. */
export interface SigningKey {
  kid: string;
  secret: Uint8Array;
}

function keyFrom(secret: Uint8Array): SigningKey {
  const kid = createHash('sha256').update(secret).digest('base64url').slice(0, 16);
  return { kid, secret };
}

/**
 * Loads the key stored at `dataDir/keys/<name>.key`, creating it (32 random bytes, owner-only)
 * on first use, so tokens survive restarts. `dataDir` ':memory:' gives a fresh key per call.
 */
export function loadOrCreateKey(dataDir: string | ':memory:', name: string): SigningKey {
  if (dataDir === ':memory:') return keyFrom(randomBytes(32));
  const folder = join(dataDir, 'keys');
  const file = join(folder, `${name}.key`);
  ensurePrivateDirectory(folder);
  if (existsSync(file)) {
    ensurePrivateFile(file);
    return keyFrom(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  }
  const secret = randomBytes(32);
  writePrivateFile(file, secret.toString('base64'));
  return keyFrom(secret);
}
