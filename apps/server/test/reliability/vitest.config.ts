import { defineConfig } from 'vitest/config';

/**
 * The reliability suite's long runs (`*.reliability.test.ts`: the 60 s load and the 10-minute
 * soak), outside `npm test`'s projects: `npm run test:reliability`, or `npm test -- --reliability`
 * as CI runs it. One file at a time, so nothing else competes with the figures.
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
