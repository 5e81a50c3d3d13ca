import { defineConfig } from 'vitest/config';

/** One root config; each workspace declares its own project (environment, setup, timeouts). */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/embed-sdk',
      'apps/server',
      'apps/bi-service',
      'apps/report-frame',
      'apps/web',
      'e2e',
    ],
  },
});
