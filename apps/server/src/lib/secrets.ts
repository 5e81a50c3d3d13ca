import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, privateFileMode } from '../private-files.ts';

/**
 * Reads a 32-byte key: from the configured value (hex or base64) when given, otherwise from
 * DATA_DIR/keys/<name>.key, creating it (mode 0600) on first run so restarts keep sessions
 * and encrypted account passwords readable.
 */
export function loadKey(dataDir: string, name: string, configured: string | undefined): Buffer {
  if (configured) return decodeKey(configured, name);
  const directory = join(dataDir, 'keys');
  const file = join(directory, `${name}.key`);
  if (!existsSync(file)) {
    ensurePrivateDir(directory);
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: privateFileMode, flag: 'wx' });
  }
  return decodeKey(readFileSync(file, 'utf8').trim(), name);
}

function decodeKey(text: string, name: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`The ${name} key must be 32 bytes (64 hex characters)`);
  return key;
}
