import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // Mounting a whole Ant Design form in jsdom is CPU-bound: the subscription form took about
    // 20 s in one CI run with the fast tier on both cores, and 76 s on a machine loaded 3× more.
    // Running out of time there says nothing about behaviour, so the bound is generous.
    testTimeout: 60_000,
  },
});
