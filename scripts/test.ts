/**
 * `npm test`: format check, lint, typecheck, import rules and cycles, unused code, build, then the
 * test tiers one after the other (fast, browser, e2e). Ends with one line `N passed, N failed`
 * counting every test that ran (skipped ones on the line before it); each static check counts as
 * one test. With `--reliability` (as CI runs it) the reliability tier's load and soak run after
 * them, in the same count.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildAll } from './build.ts';
import { bin, runReliabilitySuite, runTier, summaryLine, testTiers } from './vitest-run.ts';

const root = resolve(import.meta.dirname, '..');

let passed = 0;
let failed = 0;
let skipped = 0;

function check(label: string, command: string, args: string[]): void {
  console.log(`\n> ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status === 0) passed++;
  else {
    failed++;
    console.error(`FAILED: ${label}`);
  }
}

check('format check (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
check('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']);
check('typecheck (tsc -b)', bin('tsc'), ['-b']);
check('import rules and cycles (dependency-cruiser)', 'npm', ['run', '--silent', 'check:imports']);
check('unused files, exports and dependencies (knip)', 'npm', ['run', '--silent', 'check:unused']);

console.log('\n> build');
buildAll(false);

console.log('\n> vitest');
// The SDK suites and the frame's browser tests embed with the shipped, minified script bundle
// that the build just made (decision 0214), not a bundle made from source.
process.env['EMBED_SDK_SCRIPT'] = 'min';
// `--reliability` (CI) adds the slow load and soak runs; everything else goes to Vitest.
const withReliability = process.argv.includes('--reliability');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--reliability');
const tallies = testTiers.map((tier) => runTier(tier, vitestArgs));
if (withReliability) tallies.push(runReliabilitySuite());
for (const tally of tallies) {
  passed += tally.passed;
  failed += tally.failed;
  skipped += tally.skipped;
}

const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.warn(
    `\nNOTICE: browser suites were skipped (no chromium at ${chromium}). ` +
      'Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
  );
}
console.log(`\n${summaryLine({ passed, failed, skipped })}`);
process.exit(failed === 0 ? 0 : 1);
