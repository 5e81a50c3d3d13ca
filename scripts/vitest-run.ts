/**
 * Runs Vitest with a JSON report beside its usual output and counts the outcome, so the test
 * scripts can end with one line `N passed, N failed` over everything they ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const bin = (name: string) => join(root, 'node_modules', '.bin', name);

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

/** `vitest run …args`, its report named `reportName`; a run that writes no report is one failure. */
export function runVitest(args: string[], reportName: string): Tally {
  const reportDir = join(root, 'node_modules', '.cache', 'vitrina-test');
  mkdirSync(reportDir, { recursive: true });
  const reportFile = join(reportDir, reportName);
  rmSync(reportFile, { force: true });
  spawnSync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
    { cwd: root, stdio: 'inherit' },
  );
  if (!existsSync(reportFile)) {
    console.error('FAILED: vitest wrote no report');
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
  return {
    passed: report.numPassedTests,
    // A suite that fails to load has no test results of its own: count it as one failure.
    failed: report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** The reliability suite: the 60 s load and the 10-minute soak through nginx (about 12 minutes). */
export function runReliabilitySuite(): Tally {
  console.log('\n> reliability suite (load and soak through nginx, about 12 minutes)');
  return runVitest(
    ['--config', join(root, 'apps/server/test/reliability/vitest.config.ts')],
    'reliability.json',
  );
}

/** Skipped tests on a line of their own: the last line is always plain `N passed, N failed`. */
export const summaryLine = ({ passed, failed, skipped }: Tally) =>
  `${skipped ? `${skipped} skipped (the warnings above say why)\n` : ''}${passed} passed, ${failed} failed`;
