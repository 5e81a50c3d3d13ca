import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * Files the portal writes hold password hashes, keys and temporary passwords: only the
 * service's own user may read them. Directories are 0700 and files 0600 whatever the umask
 * (the server entry also sets the umask to 077 for files created by libraries).
 */
const privateDirMode = 0o700;
export const privateFileMode = 0o600;

/**
 * Creates `dir` (and missing parents) private. An existing directory is left as it is: it may be
 * shared (a database file placed in /srv, say), and its files are protected one by one.
 */
export function createPrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
}

/** A directory only the portal uses (keys, outbox): private, also when it already existed. */
export function ensurePrivateDir(dir: string): void {
  createPrivateDir(dir);
  chmodSync(dir, privateDirMode);
}

/** Creates `file` empty if needed and makes it private, before a library opens it. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', privateFileMode));
  chmodSync(file, privateFileMode);
}

/** Makes the files that exist among `files` private (companions such as SQLite's WAL). */
export function restrictExisting(files: string[]): void {
  for (const file of files) if (existsSync(file)) chmodSync(file, privateFileMode);
}
