import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadEmbedService } from '../src/lib/embed-service.ts';
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

/**
 * The files of a worker share its modules and window (`isolate: false`, decision 0319): each
 * starts as a new page would, at the root address, with no storage, cookies or leftover nodes
 * (a preloaded report frame, say). The app's module state is keyed to this window.
 */
function startAsANewPage() {
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * What the app imports on demand, some of it without waiting (the gateway prefetches the viewer's
 * route, a redirect leaves a route loading). A file must not end with such a load under way: it
 * would fail at the file's teardown and stay failed in the shared module cache for the next file.
 */
const onDemand = import.meta.glob([
  '../src/app/routes/*-route.tsx',
  '../src/features/subscriptions/api/subscriptions-api.ts',
  '../src/features/viewer/api/viewer-api.ts',
]);
const loadsSettled = () =>
  Promise.all([...Object.values(onDemand).map((load) => load()), loadEmbedService()]);

beforeAll(() => {
  startAsANewPage();
  mockApi.listen({ onUnhandledFrame: 'error' });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  mockApi.resetHandlers();
});
afterAll(async () => {
  await loadsSettled();
  mockApi.close();
});
