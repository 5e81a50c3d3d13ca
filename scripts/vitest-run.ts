/**
 * Runs Vitest with a JSON report beside its usual output and counts the outcome, so the test
 * scripts can end with one line `N passed, N failed` over everything they ran.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { testWorkspaces } from './test-workspaces.ts';

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

/** Where a run's output goes: straight to the terminal, or held back and printed when it ends. */
type Output = 'live' | 'held';

/** Runs a command from the root; held output is printed whole when the command ends. */
function runCommand(command: string, args: string[], output: Output): Promise<void> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: output === 'live' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', () => {
      if (chunks.length > 0) process.stdout.write(Buffer.concat(chunks));
      done();
    });
  });
}

/**
 * `vitest run …args`, its report named `reportName`; a run that writes no report is one failure.
 * Prints how long it took under `label`, so a slow tier shows in every run's log.
 */
export async function runVitest(
  label: string,
  args: string[],
  reportName: string,
  output: Output = 'live',
): Promise<Tally> {
  const started = performance.now();
  const reportDir = join(root, 'node_modules', '.cache', 'vitrina-test');
  mkdirSync(reportDir, { recursive: true });
  const reportFile = join(reportDir, reportName);
  rmSync(reportFile, { force: true });
  if (output === 'held') console.log(`> ${label}: running beside the other lane; output when done`);
  await runCommand(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
    output,
  );
  if (!existsSync(reportFile)) {
    console.error(`FAILED: ${label}: vitest wrote no report`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
  const tally = {
    passed: report.numPassedTests,
    // A suite that fails to load has no test results of its own: count it as one failure.
    failed: report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`> ${label}: ${tally.passed} passed, ${tally.failed} failed in ${seconds} s`);
  return tally;
}

/** The tiers `npm test` runs, fastest first (README, "Tests"); the reliability tier is separate. */
export const testTiers = ['fast', 'browser', 'e2e'] as const;
type Tier = (typeof testTiers)[number];

/**
 * Each tier as lanes: Vitest runs that go side by side, each a list of `--project` filters.
 * - fast: every core (Vitest's default leaves one free, which on two cores ran its files one at a
 *   time: 212 s against 125 s).
 * - browser: every core; each file drives one chromium page at a time.
 * - e2e: files start whole products, so each lane runs one file at a time, and two lanes go side
 *   by side, because a file spends much of its time waiting for processes to start and browsers
 *   to draw. Vitest itself cannot run two one-at-a-time projects side by side (it runs all such
 *   projects in one queue), hence two runs. The e2e workspace's frame and own-product files are
 *   one lane; the portal groups and the apps' process tests the other (decision 0243).
 */
const tierLanes: Record<Tier, { name: string; args: string[] }[]> = {
  fast: [{ name: 'fast', args: ['--project', 'fast:*', '--maxWorkers=100%'] }],
  browser: [{ name: 'browser', args: ['--project', 'browser:*', '--maxWorkers=100%'] }],
  e2e: [
    { name: 'e2e-frame', args: ['--project', 'e2e:e2e', '--project', 'e2e:e2e-frame'] },
    {
      name: 'e2e-apps',
      args: [
        '--project',
        'e2e:e2e-portal*',
        ...testWorkspaces
          .map((workspace) => basename(workspace))
          .filter((name) => name !== 'e2e')
          .flatMap((name) => ['--project', `e2e:${name}`]),
      ],
    },
  ],
};

/** One tier's lanes, side by side; the first lane's output is live, the others' held back. */
export async function runTier(tier: Tier, args: string[]): Promise<Tally> {
  const lanes = tierLanes[tier];
  const tallies = await Promise.all(
    lanes.map((lane, index) =>
      runVitest(
        lanes.length > 1 ? `${tier} tier, lane ${lane.name}` : `${tier} tier`,
        // A filter given to `npm test` may match files of one lane only.
        [...lane.args, ...(lanes.length > 1 ? ['--passWithNoTests'] : []), ...args],
        `${lane.name}.json`,
        index === 0 ? 'live' : 'held',
      ),
    ),
  );
  return addTallies(tallies);
}

export const addTallies = (tallies: Tally[]): Tally =>
  tallies.reduce(
    (sum, tally) => ({
      passed: sum.passed + tally.passed,
      failed: sum.failed + tally.failed,
      skipped: sum.skipped + tally.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );

/**
 * The reliability tier: the 60 s load and the soak through nginx, `SOAK_SECONDS` long (10 minutes
 * unless set; CI sets 2 minutes).
 */
export function runReliabilitySuite(): Promise<Tally> {
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

/** Skipped tests on a line of their own: the last line is always plain `N passed, N failed`. */
export const summaryLine = ({ passed, failed, skipped }: Tally) =>
  `${skipped ? `${skipped} skipped (the warnings above say why)\n` : ''}${passed} passed, ${failed} failed`;
