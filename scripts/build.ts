/**
 * Builds the browser artefacts that `npm start` serves: the embed SDK bundles, the report frame
 * (served by the BI service) and the portal SPA (served by the portal server).
 * Without --force it rebuilds only targets whose sources are newer than their last build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

interface Target {
  name: string;
  dir: string;
  /** Source folders whose changes make this target stale (its own and the packages it bundles). */
  inputs: string[];
  command: string[];
}

const targets: Target[] = [
  {
    name: 'embed-sdk',
    dir: 'packages/embed-sdk',
    inputs: ['packages/embed-sdk/src', 'packages/embed-sdk/scripts'],
    command: ['run', 'build', '-w', '@vitrina/embed-sdk'],
  },
  {
    name: 'report-frame',
    dir: 'apps/report-frame',
    inputs: [
      'apps/report-frame/src',
      'apps/report-frame/index.html',
      'packages/embed-sdk/src/protocol',
    ],
    command: ['run', 'build', '-w', '@vitrina/report-frame'],
  },
  {
    name: 'web',
    dir: 'apps/web',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'packages/contracts/src',
      'packages/embed-sdk/src',
    ],
    command: ['run', 'build', '-w', '@vitrina/web'],
  },
];

/** Newest modification time (ms) of any file below `path`. */
function newestMtime(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), 0);
}

const stampFile = (target: Target) => join(root, target.dir, 'dist', '.build-stamp');

function isStale(target: Target): boolean {
  const stamp = stampFile(target);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return target.inputs.some((input) => newestMtime(input) > builtAt);
}

/** Builds every stale target (or all with `force`); exits the process on a failed build. */
export function buildAll(force: boolean): void {
  for (const target of targets) {
    if (!force && !isStale(target)) continue;
    console.log(`> building ${target.name}`);
    const result = spawnSync('npm', target.command, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`build of ${target.name} failed`);
      process.exit(result.status ?? 1);
    }
    writeFileSync(stampFile(target), new Date().toISOString());
  }
}

if (import.meta.main) buildAll(process.argv.includes('--force'));
