import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SizeRow {
  name: string;
  minified: number;
  gzipped: number;
}

/** Minified bytes and gzip (level 9) bytes of a script. */
export function measure(name: string, script: string): SizeRow {
  return {
    name,
    minified: Buffer.byteLength(script),
    gzipped: gzipSync(script, { level: 9 }).length,
  };
}

/**
 * Fetches a published powerbi-client with `npm pack` into a temporary folder and returns its
 * dist/powerbi.min.js, or the reason it could not.
 */
export function packedPowerBiClient(version: string): { script: string } | { reason: string } {
  const dir = mkdtempSync(join(tmpdir(), 'powerbi-client-'));
  try {
    const pack = spawnSync('npm', ['pack', `powerbi-client@${version}`, '--silent'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball)
      return { reason: `npm pack failed: ${pack.stderr.trim() || 'no tarball'}` };
    const untar = spawnSync('tar', ['-xzf', tarball, 'package/dist/powerbi.min.js'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (untar.status !== 0) return { reason: `tar failed: ${untar.stderr.trim()}` };
    return { script: readFileSync(join(dir, 'package/dist/powerbi.min.js'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
