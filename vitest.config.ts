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

/**
 * Fast-tier workspaces whose files share a worker's modules (`isolate: false`): importing Fastify,
 * Kysely and DuckDB again for every file was half of their time (decision 0241), and for the web
 * importing React and Ant Design and building a jsdom three quarters of its CPU (decision 0319).
 * Server and BI service files start their own apps and databases, and none leans on another's
 * module state. The web's files share the worker's window too: its set-up file starts each one as
 * a new page and lets no on-demand import outlive it (apps/web/test/setup.ts).
 */
const sharedModules = new Set(['apps/server', 'apps/bi-service', 'apps/web']);

/**
 * What every e2e project shares (decision 0325). Its files run one at a time and start their
 * servers, browsers and CLIs as processes of their own, so they share a worker and its modules
 * (`isolate: false`): a new worker per file and importing Playwright or the server's modules
 * again took seconds between files. Node keeps the compiled modules of the processes they start
 * on disk: the shared launcher did so for the servers already; the CLIs the tests run with
 * `spawnSync` now do too (a third less CPU per CLI start here).
 */
const e2eShared = {
  isolate: false,
  env: {
    NODE_COMPILE_CACHE: resolve(import.meta.dirname, 'node_modules/.cache/node-compile-cache'),
  },
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
      ...(tier === 'fast' && sharedModules.has(workspace) ? { isolate: false } : {}),
      ...(tier === 'e2e' ? e2eShared : {}),
    },
  })),
);

/**
 * The e2e workspace's frame files share one BI service and host origin through a global set-up
 * (decision 0229), in a project of their own so that the portal files do not start them. Files
 * that save reports still start servers of their own (e2e/src/frame/suite.ts).
 */
const frameFiles = ['**/frame-*.e2e.test.ts'];

/**
 * Portal files that share one product per group (decision 0240): no file's writes reach another
 * file's expectations in its group, and the group's product runs with the environment its files
 * ask for (e2e/src/portal/suite.ts checks it). Portal files in no group (they stop the BI service
 * or read its log) and the smoke file stay in `e2e:e2e` with a product each.
 */
const portalGroups: { name: string; files: string[]; env?: Record<string, string> }[] = [
  {
    // Users, accounts, grants and datasets, but no new or changed report: the viewer journey
    // counts the reports a viewer sees.
    name: 'e2e:e2e-portal',
    files: ['admin', 'viewer', 'datos', 'datos-postgres', 'phone-view', 'subscriptions', 'usage'],
  },
  // Both save reports, with different names; neither counts reports.
  { name: 'e2e:e2e-portal-authoring', files: ['authoring', 'authoring-finish'] },
  {
    // 15 s embed tokens, the shortest the BI service accepts, to see renewals within a test.
    name: 'e2e:e2e-portal-short-tokens',
    files: ['token-renewal'],
    env: { BI_EMBED_TOKEN_LIFETIME_S: '15' },
  },
];
const portalGroupFiles = (files: string[]) => files.map((file) => `**/portal-${file}.e2e.test.ts`);

const groupedFiles = [
  ...frameFiles,
  ...portalGroups.flatMap((group) => portalGroupFiles(group.files)),
];
const e2eProjects = tierProjects.map((project) =>
  project.test?.name === 'e2e:e2e'
    ? {
        ...project,
        test: { ...project.test, exclude: [...project.test.exclude!, ...groupedFiles] },
      }
    : project,
);

/** An e2e project of the e2e workspace whose files share what `globalSetup` starts. */
const e2eGroup = (
  name: string,
  include: string[],
  globalSetup: string,
  provide: Record<string, unknown> = {},
): TestProjectInlineConfiguration => ({
  extends: './e2e/vitest.config.ts',
  test: {
    name,
    root: './e2e',
    include,
    globalSetup: [resolve(import.meta.dirname, globalSetup)],
    provide,
    ...e2eShared,
  },
});

const groupProjects = [
  e2eGroup('e2e:e2e-frame', frameFiles, 'e2e/src/frame/global-setup.ts'),
  ...portalGroups.map((group) =>
    e2eGroup(group.name, portalGroupFiles(group.files), 'e2e/src/portal/global-setup.ts', {
      portalGroupEnv: group.env ?? {},
    }),
  ),
];

export default defineConfig({ test: { projects: [...e2eProjects, ...groupProjects] } });
