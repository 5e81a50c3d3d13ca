import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowPostMessageProxy } from './window-post-message-proxy.ts';
import type { MessageEventLike, MessageListener, MessageEventWindow } from './windows.ts';

/** A window double: records what is posted to it. */
function postTarget() {
  const posts: [unknown, string][] = [];
  return {
    posts,
    postMessage: (message: unknown, origin: string) => posts.push([message, origin]),
  };
}

/** The proxy's own window double: hands events to the listener the proxy added. */
function receiveWindow(): MessageEventWindow & { deliver(event: MessageEventLike): void } {
  let listener: MessageListener | undefined;
  return {
    addEventListener: (_type, added) => (listener = added),
    removeEventListener: () => (listener = undefined),
    deliver: (event) => listener?.(event),
  };
}

const idOf = (message: unknown) =>
  (message as { windowPostMessageProxy: { id: string } }).windowPostMessageProxy.id;

afterEach(() => {
  vi.useRealTimers();
});

describe('WindowPostMessageProxy without the DOM', () => {
  it('posts pending requests again when their window is heard from a newly resolved origin', async () => {
    const frame = postTarget();
    const origins = new Map<object, string>([[frame, 'http://localhost:1']]);
    const own = receiveWindow();
    const proxy = new WindowPostMessageProxy({
      receiveWindow: own,
      suppressWarnings: true,
      targetOrigin: (target) => origins.get(target),
    });
    const reply = proxy.postMessage<{ ok: boolean }>(frame, { ask: 'pages' });
    expect(proxy.hasPostedTo(frame)).toBe(true);
    expect(proxy.hasPostedTo({})).toBe(false);
    origins.set(frame, 'http://127.0.0.1:1');
    own.deliver({ data: { hello: true }, origin: 'http://127.0.0.1:1', source: frame });
    expect(frame.posts.map(([, origin]) => origin)).toEqual([
      'http://localhost:1',
      'http://127.0.0.1:1',
    ]);
    const request = frame.posts[0]?.[0];
    expect(frame.posts[1]?.[0]).toBe(request);
    own.deliver({
      data: { ok: true, windowPostMessageProxy: { id: idOf(request) } },
      origin: 'http://127.0.0.1:1',
      source: frame,
    });
    await expect(reply).resolves.toMatchObject({ ok: true });
  });

  it('replies to an eventSourceOverrideWindow assigned after construction', async () => {
    const own = receiveWindow();
    const asker = postTarget();
    const witness = postTarget();
    const proxy = new WindowPostMessageProxy({ receiveWindow: own, suppressWarnings: true });
    proxy.addHandler({ test: () => true, handle: () => ({ answer: 42 }) });
    proxy.eventSourceOverrideWindow = witness;
    own.deliver({ data: { question: 'q' }, origin: 'http://a.example', source: asker });
    await vi.waitFor(() => expect(witness.posts).toHaveLength(1));
    expect(witness.posts[0]?.[0]).toMatchObject({ answer: 42 });
    expect(asker.posts).toEqual([]);
  });

  it('names the request in the timeout error', async () => {
    vi.useFakeTimers();
    const proxy = new WindowPostMessageProxy({
      receiveWindow: receiveWindow(),
      suppressWarnings: true,
      name: 'p',
      requestTimeout: 1000,
    });
    const reply = proxy.postMessage(postTarget(), { method: 'GET', url: '/report/pages' });
    vi.advanceTimersByTime(1000);
    await expect(reply).rejects.toThrow(
      /^Proxy\(p\): no response to message \w+ within 1000 ms \(GET \/report\/pages\)\./,
    );
  });
});
