import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mockApi } from './api-mock.ts';
import { cacheComputedStyles } from './computed-style-cache.ts';

// jsdom lacks the layout APIs Ant Design probes; give it inert ones (no behaviour to test there).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Ant Design measures scrollbars through getComputedStyle with a pseudo element, which jsdom does
// not implement; and jsdom's cascade is slow enough to dominate these tests (computed-style-cache.ts).
cacheComputedStyles(window);

// Ant Design's modals and notifications animate in; on a loaded CI machine the default 1 s for
// findBy/waitFor is too short and makes tests flaky, not wrong.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => mockApi.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  localStorage.clear();
  mockApi.resetHandlers();
});
afterAll(() => mockApi.close());
