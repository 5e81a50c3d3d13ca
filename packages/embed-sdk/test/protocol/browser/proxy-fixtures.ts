import { HttpPostMessage } from '../../../src/protocol/index.ts';
import { TrustedWindows, WindowPostMessageProxy } from '../../../src/protocol/index.ts';

/** Browser-side set-ups for the proxy semantics suite, run in the page or a frame. */

const httpTracking = {
  processTrackingProperties: {
    addTrackingProperties: HttpPostMessage.addTrackingProperties,
    getTrackingProperties: HttpPostMessage.getTrackingProperties,
  },
  isErrorMessage: HttpPostMessage.isErrorMessage,
  suppressWarnings: true,
};

/** The frame side: handlers tried in order, each with the behaviour one test needs. */
export function installFrameHandlers(): WindowPostMessageProxy {
  const proxy = new WindowPostMessageProxy({ name: 'frame', ...httpTracking });
  const answer = (url: string, handle: () => unknown) =>
    proxy.addHandler({ test: (message) => (message as { url?: string }).url === url, handle });
  answer('/first', () => ({ statusCode: 200, body: 'first' }));
  answer('/first', () => ({ statusCode: 200, body: 'second' }));
  answer('/nothing', () => undefined);
  answer('/throws', () => {
    throw new Error('boom');
  });
  answer('/rejects', () => Promise.reject(new Error('no')));
  answer('/async', () => Promise.resolve({ statusCode: 201, body: 'later' }));
  answer('/failure', () => ({ statusCode: 500, body: { message: 'falló' } }));
  answer('/no-status', () => ({ body: 'plain' }));
  proxy.addHandler({
    test: (message) => {
      if ((message as { url?: string }).url === '/test-throws') throw new Error('bad test');
      return false;
    },
    handle: () => ({}),
  });
  return proxy;
}

export type Asked = { resolved: unknown } | { rejected: unknown };

/**
 * The host side: a strict proxy that trusts only `target` at `origin` and gives up after
 * `timeout` ms; returns a function that sends `{url}` to the target and reports the outcome.
 */
export function createAsker(target: Window, origin: string, timeout: number) {
  const trusted = new TrustedWindows();
  trusted.add(target, origin);
  const proxy = new WindowPostMessageProxy({
    name: 'host',
    ...httpTracking,
    requestTimeout: timeout,
    targetOrigin: trusted.targetOriginFor,
    acceptMessage: trusted.accepts,
  });
  return (url: string): Promise<Asked> =>
    proxy.postMessage(target, { url, headers: {} }).then(
      (value) => ({ resolved: value }),
      (reason: unknown) => ({
        rejected: reason instanceof Error ? { error: reason.message } : reason,
      }),
    );
}
