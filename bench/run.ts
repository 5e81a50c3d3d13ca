/**
 * `npm run bench [-- name…]`: runs the benchmarks one after another (never in parallel, so they do
 * not disturb each other's figures). Each prints its own figures and ratios.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** name → entry script (relative to bench/) and what it measures. */
const benchmarks: Record<string, { script: string; about: string }> = {};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}`);
}
console.log('benchmarks:');
for (const [name, { about }] of Object.entries(benchmarks))
  console.log(`  ${name.padEnd(14)} ${about}`);

let failures = 0;
for (const [name, { script }] of Object.entries(benchmarks)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const path = join(root, 'bench', script);
  if (!existsSync(path)) {
    console.error(`${name}: ${script} is missing`);
    failures++;
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, [path], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failures++;
}
process.exit(failures === 0 && unknown.length === 0 ? 0 : 1);
