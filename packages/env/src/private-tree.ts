/**
 * DATA_DIR holds password hashes, keys, the demo credentials and the BI service's files: only the
 * service's own user may read it. Each server makes the files it creates private; this also
 * tightens what an older version, a restored backup or a hand-made copy left readable.
 */
import { chmodSync, lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

const directoryMode = 0o700;
const fileMode = 0o600;

/**
 * Sets every directory under `root` (itself included) to 0700 and every file to 0600. Symbolic
 * links are not followed (they may point outside) and entries of another owner are left alone
 * (they cannot be changed anyway); an entry removed meanwhile by the other server is skipped.
 */
export function tightenPrivateTree(root: string): void {
  const owner = process.getuid?.();
  const visit = (path: string) => {
    const stats = statUnlessGone(path);
    if (!stats || stats.isSymbolicLink() || (owner !== undefined && stats.uid !== owner)) return;
    if (stats.isDirectory()) {
      tighten(path, stats, directoryMode);
      for (const name of readUnlessGone(path)) visit(join(path, name));
    } else if (stats.isFile()) tighten(path, stats, fileMode);
  };
  visit(root);
}

function tighten(path: string, stats: Stats, mode: number): void {
  if ((stats.mode & 0o777) === mode) return;
  unlessGone(() => chmodSync(path, mode), undefined);
}

const statUnlessGone = (path: string) => unlessGone(() => lstatSync(path), undefined);
const readUnlessGone = (path: string) => unlessGone(() => readdirSync(path), []);

function unlessGone<T, F>(action: () => T, fallback: F): T | F {
  try {
    return action();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  }
}
