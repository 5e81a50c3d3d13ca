import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'embed-sdk',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
  },
});
