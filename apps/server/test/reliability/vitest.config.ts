import { defineConfig } from 'vitest/config';

/**
 * The reliability tier (`*.reliability.test.ts`: the 60 s load and the soak), outside the root
 * config's tier projects: `npm run test:soak`, or `npm test -- --reliability` as CI runs it. One
 * file at a time, so nothing else competes with the figures; the soak sets its own test timeout.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    environment: 'node',
    include: ['**/*.reliability.test.ts'],
    fileParallelism: false,
    testTimeout: 720_000,
    hookTimeout: 300_000,
  },
});
