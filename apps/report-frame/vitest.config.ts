import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    // Most of the frame's tests are logic; the few that draw say `@vitest-environment jsdom`,
    // since building a jsdom for every file was most of this project's time.
    environment: 'node',
  },
});
