import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'node',
    // Browser suites start chromium and several frames; a loaded 2-core CI machine needs headroom.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
