/**
 * Runs Vitest with a JSON report beside its usual output and counts the outcome, so the test
 * scripts can end with one line `N passed, N failed` over everything they ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const bin = (name: string) => join(root, 'node_modules', '.bin', name);

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** What failed, one line each (file and test name), printed again above the summary line. */
  failures: string[];
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}

/** How many of a tier's slowest files each run names, so its log shows where the time goes. */
const slowestShown = 8;

function slowestFiles(report: VitestJson): string {
  return [...report.testResults]
    .map((file) => ({
      file: relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, slowestShown)
    .map(({ file, seconds }) => `  ${seconds.toFixed(0).padStart(4)} s  ${file}`)
    .join('\n');
}

/** Each failed test as `file › name`; a file that failed with no failed test is named alone. */
function failuresOf(report: VitestJson): string[] {
  return report.testResults.flatMap((file) => {
    const name = relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length > 0) return failedTests.map((test) => `${name} › ${test.fullName}`);
    return file.status === 'failed' ? [`${name} (the file failed to run)`] : [];
  });
}

/**
 * `vitest run …args`, its report named `reportName`; a run that writes no report is one failure.
 * Prints how long it took under `label`, so a slow tier shows in every run's log.
 */
export function runVitest(label: string, args: string[], reportName: string): Tally {
  const started = performance.now();
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
    return { passed: 0, failed: 1, skipped: 0, failures: [`${label}: vitest wrote no report`] };
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
  const tally = {
    passed: report.numPassedTests,
    // A suite that fails to load has no test results of its own: count it as one failure.
    failed: report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0),
    skipped: report.numPendingTests + report.numTodoTests,
    failures: failuresOf(report),
  };
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`> ${label}, slowest files:\n${slowestFiles(report)}`);
  console.log(`> ${label}: ${tally.passed} passed, ${tally.failed} failed in ${seconds} s`);
  return tally;
}

/** The tiers `npm test` runs, fastest first (README, "Tests"); the reliability tier is separate. */
export const testTiers = ['fast', 'browser', 'e2e'] as const;

/**
 * The fast and browser tiers run on every core: Vitest's default leaves one free, which on two
 * cores ran their files one at a time (fast: 212 s against 125 s). The e2e tier keeps one file at
 * a time: its files start whole products and browsers, which keep both cores busy on their own
 * (two e2e runs side by side took as long as one after the other: decision 0243).
 */
const tierOptions: Record<(typeof testTiers)[number], string[]> = {
  fast: ['--maxWorkers=100%'],
  browser: ['--maxWorkers=100%'],
  e2e: [],
};

/** One tier's Vitest projects (named `tier:workspace` in vitest.config.ts). */
export const runTier = (tier: (typeof testTiers)[number], args: string[]): Tally =>
  runVitest(
    `${tier} tier`,
    ['--project', `${tier}:*`, ...tierOptions[tier], ...args],
    `${tier}.json`,
  );

/**
 * The reliability tier: the 60 s load and the soak through nginx, `SOAK_SECONDS` long (10 minutes
 * unless set; CI sets 2 minutes).
 */
export function runReliabilitySuite(): Tally {
  const soak = process.env['SOAK_SECONDS'];
  console.log(
    `\n> reliability tier: the load, then the soak (${soak ? `${soak} s` : '10 minutes'})`,
  );
  return runVitest(
    'reliability tier',
    ['--config', join(root, 'apps/server/test/reliability/vitest.config.ts')],
    'reliability.json',
  );
}

/**
 * What failed, then skipped tests, each on lines of their own, so that the end of a long log
 * names them; the last line is always plain `N passed, N failed`.
 */
export const summaryLine = ({ passed, failed, skipped, failures }: Tally) =>
  [
    ...(failures.length > 0 ? ['failed:', ...failures.map((failure) => `  ${failure}`)] : []),
    ...(skipped ? [`${skipped} skipped (the warnings above say why)`] : []),
    `${passed} passed, ${failed} failed`,
  ].join('\n');
