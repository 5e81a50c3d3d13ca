import { randomBytes, createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
  const file = join(dataDir, 'keys', `${name}.key`);
  if (existsSync(file)) return keyFrom(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  return keyFrom(secret);
}
