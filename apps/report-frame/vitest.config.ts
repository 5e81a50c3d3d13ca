import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'report-frame',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
