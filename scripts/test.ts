/**
 * `npm test`: format check, lint, typecheck, import rules and cycles, unused code, build, then the
 * test tiers one after the other (fast, browser, e2e). Ends with one line `N passed, N failed`
 * counting every test that ran (skipped ones on the line before it); each static check counts as
 * one test. With `--reliability` (as CI runs it) the reliability tier's load and soak run after
 * them, in the same count.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { buildAll } from './build.ts';
import {
  bin,
  runReliabilitySuite,
  runTier,
  summaryLine,
  testTiers,
  type Tally,
} from './vitest-run.ts';

const root = resolve(import.meta.dirname, '..');

/** Every check and tier of the run, summed into the last line. */
const total: Tally = { passed: 0, failed: 0, skipped: 0, failures: [] };

interface Check {
  label: string;
  command: string;
  args: string[];
}

const checks: Check[] = [
  {
    label: 'format check (prettier)',
    command: bin('prettier'),
    args: ['--check', '.', '--log-level', 'warn'],
  },
  { label: 'lint (eslint)', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { label: 'typecheck (tsc -b)', command: bin('tsc'), args: ['-b'] },
  {
    label: 'import rules and cycles (dependency-cruiser)',
    command: 'npm',
    args: ['run', '--silent', 'check:imports'],
  },
  {
    label: 'unused files, exports and dependencies (knip)',
    command: 'npm',
    args: ['run', '--silent', 'check:unused'],
  },
];

/** Runs one check with its output held back, so that checks running side by side print whole. */
function runCheck({ command, args }: Check): Promise<{ ok: boolean; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => done({ ok: false, output: String(error) }));
    child.on('close', (code) => done({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

/**
 * The static checks are single-threaded and independent, so they run one per core (about half
 * the wall time of running them in turn); each prints its own output when it ends.
 */
async function runChecks(): Promise<void> {
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const started = performance.now();
      const { ok, output } = await runCheck(check);
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(`\n> ${check.label}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      if (ok) total.passed++;
      else {
        total.failed++;
        total.failures.push(check.label);
      }
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
}

await runChecks();

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
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  total.failures.push(...tally.failures);
}

const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.warn(
    `\nNOTICE: browser suites were skipped (no chromium at ${chromium}). ` +
      'Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
  );
}
console.log(`\n${summaryLine(total)}`);
process.exit(total.failed === 0 ? 0 : 1);
