/**
 * `npm test`: format check, lint, typecheck, import rules and cycles, unused code, build, then every
 * Vitest project (unit, integration, browser). Ends with one line `N passed, N failed[, N skipped]`
 * counting every test that ran; each static check counts as one test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildAll } from './build.ts';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

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

const reportDir = join(root, 'node_modules', '.cache', 'vitrina-test');
mkdirSync(reportDir, { recursive: true });
const reportFile = join(reportDir, 'vitest.json');
console.log('\n> vitest');
const extraArgs = process.argv.slice(2);
spawnSync(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...extraArgs],
  { cwd: root, stdio: 'inherit' },
);

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
  passed += report.numPassedTests;
  // A suite that fails to load has no test results of its own: count it as one failure.
  failed += report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  skipped += report.numPendingTests + report.numTodoTests;
} else {
  failed++;
  console.error('FAILED: vitest wrote no report');
}

const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.warn(
    `\nNOTICE: browser suites were skipped (no chromium at ${chromium}). ` +
      'Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
  );
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
