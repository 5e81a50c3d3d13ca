// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wpmpFactory } from './factories.ts';

/** A window double the proxy posts to. */
const frameWindow = () => ({ postMessage: vi.fn() });
const pagesRequest = () => ({ method: 'GET', url: '/report/pages', headers: {} });

/** 'pending' when `promise` has not settled once the already queued callbacks ran. */
function stateOf(promise: Promise<unknown>): Promise<string> {
  const settled = promise.then(
    () => 'settled',
    () => 'settled',
  );
  return Promise.race([settled, Promise.resolve('pending')]);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('wpmpFactory', () => {
  it('rejects a request nobody answers after one minute by default, naming the request', async () => {
    vi.useFakeTimers();
    const proxy = wpmpFactory('default-timeout');
    const target = frameWindow();
    const reply = proxy.postMessage(target, pagesRequest());
    const outcome = reply.catch((error: unknown) => error);
    vi.advanceTimersByTime(60_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/within 60000 ms \(GET \/report\/pages\)\.$/);
    proxy.stop();
  });

  it('never times out with requestTimeout 0, as 2.8.0', async () => {
    vi.useFakeTimers();
    const proxy = wpmpFactory('no-timeout', false, undefined, { requestTimeout: 0 });
    const reply = proxy.postMessage(frameWindow(), pagesRequest());
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(await stateOf(reply)).toBe('pending');
    proxy.stop();
  });

  it('posts to a window the SDK did not create at `*`, as 2.8.0', () => {
    const proxy = wpmpFactory('own-window', false, undefined, { requestTimeout: 0 });
    const target = frameWindow();
    void proxy.postMessage(target, pagesRequest());
    expect(target.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/report/pages' }),
      '*',
    );
    expect(proxy.hasPostedTo(target)).toBe(true);
    proxy.stop();
  });
});
