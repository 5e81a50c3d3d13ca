import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'node',
    // Browser flows start real servers and a real chromium: give them room, and run files one at a time
    // so two suites never fight over the machine's two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
