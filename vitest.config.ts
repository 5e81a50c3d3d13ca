import { defineConfig } from 'vitest/config';

// `./node_modules/.bin/vitest` alone starts on whatever `node` is first on PATH (the machine's may
// be Node 20); the product needs Node 24 (node:sqlite, type stripping). npm puts the pinned one first.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(
    `Vitest is running on Node ${process.version}; run it through npm so the pinned Node 24 is used: ` +
      '`npx vitest run --project <name>` or `npm run test:unit -- --project <name>`.',
  );
}

/** One root config; each workspace declares its own project (environment, setup, timeouts). */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/embed-sdk',
      'packages/bi-model',
      'apps/server',
      'apps/bi-service',
      'apps/report-frame',
      'apps/web',
      'e2e',
      'scripts',
    ],
  },
});
