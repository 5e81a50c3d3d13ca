import { basename, resolve } from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// `./node_modules/.bin/vitest` alone starts on whatever `node` is first on PATH (the machine's may
// be Node 20); the product needs Node 24 (node:sqlite, type stripping). npm puts the pinned one first.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(
    `Vitest is running on Node ${process.version}; run it through npm so the pinned Node 24 is used: ` +
      "`npm run test:fast`, or `npx vitest run --project 'fast:server'`.",
  );
}

/** Workspaces with tests; each one's own config sets its environment, setup files and timeouts. */
const workspaces = [
  'packages/env',
  'packages/contracts',
  'packages/embed-sdk',
  'packages/bi-model',
  'apps/server',
  'apps/bi-service',
  'apps/report-frame',
  'apps/web',
  'e2e',
  'scripts',
];

/**
 * A test's tier is in its file name (README, "Tests"): `*.browser.test.ts` drives chromium,
 * `*.e2e.test.ts` starts processes (servers, nginx, redis-server, CLIs), `*.reliability.test.ts` is
 * the load and soak (its own config, apps/server/test/reliability); any other `*.test.ts` runs in
 * the test's own process and is fast.
 */
const slowTiers = ['browser', 'e2e', 'reliability'];
const tierFiles: Record<string, { include: string[]; exclude: string[] }> = {
  fast: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: slowTiers.map((tier) => `**/*.${tier}.test.{ts,tsx}`),
  },
  browser: { include: ['**/*.browser.test.{ts,tsx}'], exclude: [] },
  e2e: { include: ['**/*.e2e.test.{ts,tsx}'], exclude: [] },
};

/** One project per workspace and tier, named `tier:workspace`: `--project 'fast:*'` picks a tier. */
const tierProjects = workspaces.flatMap((workspace) =>
  Object.entries(tierFiles).map(([tier, files]): TestProjectInlineConfiguration => ({
    extends: `./${workspace}/vitest.config.ts`,
    test: {
      name: `${tier}:${basename(workspace)}`,
      root: `./${workspace}`,
      include: files.include,
      exclude: [...configDefaults.exclude, ...files.exclude],
    },
  })),
);

/**
 * The e2e workspace's frame files share one BI service and host origin through a global set-up
 * (decision 0229), in a project of their own so that the portal files do not start them. Files
 * that save reports still start servers of their own (e2e/src/frame/suite.ts).
 */
const frameFiles = '**/frame-*.e2e.test.ts';
const e2eProjects = tierProjects.map((project) =>
  project.test?.name === 'e2e:e2e'
    ? { ...project, test: { ...project.test, exclude: [...project.test.exclude!, frameFiles] } }
    : project,
);
const frameProject: TestProjectInlineConfiguration = {
  extends: './e2e/vitest.config.ts',
  test: {
    name: 'e2e:e2e-frame',
    root: './e2e',
    include: [frameFiles],
    globalSetup: [resolve(import.meta.dirname, 'e2e/src/frame/global-setup.ts')],
  },
};

export default defineConfig({ test: { projects: [...e2eProjects, frameProject] } });
