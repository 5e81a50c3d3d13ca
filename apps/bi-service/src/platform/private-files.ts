import { chmodSync, closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';

/**
 * The service's files hold secrets (signing keys, the TLS key, password hashes), so they are the
 * owner's alone: directories 0700, files 0600. Modes are set again on every start, so files made
 * by an older version are tightened too.
 */
export function ensurePrivateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

/** Creates `path` empty (0600) when missing, else tightens it to 0600. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/** Writes `content` to a new or existing file that only the owner can read. */
export function writePrivateFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, 0o600);
}
