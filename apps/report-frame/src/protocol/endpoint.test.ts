// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameEndpoint } from './endpoint.ts';

type Listener = (event: { data: unknown; origin: string; source: object | null }) => void;

/** The frame's own window, reduced to what the endpoint uses: its `message` listeners. */
function frameWindow() {
  const listeners: Listener[] = [];
  return {
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
    removeEventListener: () => undefined,
    receive: (data: unknown, origin: string, source: object | null) =>
      listeners.forEach((listener) => listener({ data, origin, source })),
  };
}

/** The parent window, recording what is posted to it and to which origin. */
function parentWindow() {
  const posted: { message: Record<string, unknown>; origin: string }[] = [];
  return {
    posted,
    postMessage: (message: Record<string, unknown>, origin: string) =>
      posted.push({ message, origin }),
  };
}

const host = 'https://host.example';
const request = (id: string) => ({ method: 'GET', url: '/nowhere', headers: { id } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(initialOrigin: string | undefined) {
  const self = frameWindow();
  const parent = parentWindow();
  const endpoint = new FrameEndpoint(
    self as unknown as Window,
    parent as unknown as Window,
    initialOrigin,
  );
  return { self, parent, endpoint };
}

describe('FrameEndpoint', () => {
  afterEach(() => vi.restoreAllMocks());

  it("posts nothing while the parent's origin is unknown, and says why", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { parent, endpoint } = start(undefined);
    await endpoint.post('/ready/u1', null);
    expect(parent.posted).toEqual([]);
    expect(String(warn.mock.calls[0]?.[0])).toContain('never posts to "*"');
  });

  it('answers unknown routes with 404 at the origin it pinned from the first request', async () => {
    const { self, parent, endpoint } = start(undefined);
    self.receive(request('a1'), host, parent);
    await settle();
    expect(parent.posted).toHaveLength(1);
    expect(parent.posted[0]?.origin).toBe(host);
    expect(parent.posted[0]?.message).toMatchObject({ statusCode: 404, headers: { id: 'a1' } });
    await Promise.race([endpoint.post('/reports/u1/events/loaded', null), settle()]);
    expect(parent.posted[1]?.origin).toBe(host);
    expect(parent.posted[1]?.message).toMatchObject({ url: '/reports/u1/events/loaded' });
  });

  it('answers a parent with an opaque origin nothing, and says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { self, parent } = start(undefined);
    self.receive(request('n1'), 'null', parent);
    await settle();
    expect(parent.posted).toEqual([]);
    expect(String(warn.mock.calls[0]?.[0])).toContain("the parent page's origin is unknown");
  });

  it('ignores other windows, and the parent once it shows another origin', async () => {
    const { self, parent } = start(host);
    self.receive(request('b1'), host, {});
    self.receive(request('b2'), 'https://evil.example', parent);
    await settle();
    expect(parent.posted).toEqual([]);
  });
});
