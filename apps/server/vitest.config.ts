import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The long load and soak runs have their own script (test/reliability/vitest.config.ts).
    exclude: [...configDefaults.exclude, '**/*.reliability.test.ts'],
    // Route tests create PostgreSQL databases and spawn processes; under a full parallel run on a
    // busy machine that takes longer than Vitest's defaults. These are limits, not assertions.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
