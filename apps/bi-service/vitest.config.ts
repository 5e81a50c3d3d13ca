import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bi-service',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
