import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bi-model',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
