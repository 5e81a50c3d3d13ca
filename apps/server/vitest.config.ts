import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'node',
    // Route tests create PostgreSQL databases and spawn processes; under a full parallel run on a
    // busy machine that takes longer than Vitest's defaults. These are limits, not assertions.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
