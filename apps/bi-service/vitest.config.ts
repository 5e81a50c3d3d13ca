import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'node',
    // The e2e files start BI processes and DuckDB databases: on a busy two-core machine a test
    // or set-up can take several times Vitest's 5 s and 10 s defaults without being wrong.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
