/**
 * One end of a postMessage conversation, built from a transport library (ours or Microsoft's,
 * which share their public shapes): a proxy with http-post-message tracking, an HTTP-style sender
 * and a router answering a fixed set of routes. Tests create one in the host page and one in each
 * frame, then drive them through `window.peer`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the two libraries are driven through their common untyped shape */
export interface TransportLibrary {
  WindowPostMessageProxy: new (options: any) => any;
  HttpPostMessage: (new (proxy: any, headers?: any, target?: any) => any) & {
    addTrackingProperties: any;
    getTrackingProperties: any;
    isErrorMessage: any;
  };
  Router: new (handlers: any) => any;
  TrustedWindows?: new () => any;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface PeerOptions {
  name: string;
  /** Ours only: post to and accept from registered windows only. */
  strict?: boolean;
  requestTimeout?: number;
}

export type Settled = { resolved: unknown } | { rejected: unknown };

export interface Peer {
  /** Requests the router saw, as plain data. */
  received: {
    method: string;
    url: string;
    headers: Record<string, unknown>;
    body?: unknown;
    params: unknown;
    queryParams: unknown;
  }[];
  /** Every raw message event data this window got. */
  raw: unknown[];
  trust(target: 'parent' | string, origin: string): void;
  /** Sends a request to the parent window or to the iframe with the given id; returns its id and outcome. */
  send(
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
    target: 'parent' | string,
  ): { id: string; settled: Promise<Settled> };
  releaseLate(): void;
}

type Request = Peer['received'][number];
type Response = { send(code: number, body?: unknown): void };

export const pages = [{ name: 'ReportSection1', displayName: 'Página 1', isActive: true }];

function windowFor(target: 'parent' | string): Window {
  if (target === 'parent') return window.parent;
  const frame = document.getElementById(target) as HTMLIFrameElement | null;
  if (!frame?.contentWindow) throw new Error(`no iframe ${target}`);
  return frame.contentWindow;
}

function describe(reason: unknown): unknown {
  return reason instanceof Error ? { error: reason.message } : reason;
}

export function createPeer(lib: TransportLibrary, options: PeerOptions): Peer {
  const trusted = options.strict && lib.TrustedWindows ? new lib.TrustedWindows() : undefined;
  const proxy = new lib.WindowPostMessageProxy({
    name: options.name,
    processTrackingProperties: {
      addTrackingProperties: lib.HttpPostMessage.addTrackingProperties,
      getTrackingProperties: lib.HttpPostMessage.getTrackingProperties,
    },
    isErrorMessage: lib.HttpPostMessage.isErrorMessage,
    suppressWarnings: true,
    requestTimeout: options.requestTimeout,
    ...(trusted ? { targetOrigin: trusted.targetOriginFor, acceptMessage: trusted.accepts } : {}),
  });
  const hpm = new lib.HttpPostMessage(proxy, { 'x-sdk-type': 'js', 'x-sdk-version': '2.8.0' });
  const router = new lib.Router(proxy);
  const late: (() => void)[] = [];
  const peer: Peer = {
    received: [],
    raw: [],
    trust: (target, origin) => trusted?.add(windowFor(target), origin),
    send(method, url, body, headers, target) {
      const request = { method, url, headers: { ...headers }, body };
      const message = method === 'GET' ? { method, url, headers: request.headers } : request;
      const settled = hpm.send(message, windowFor(target)).then(
        (value: unknown) => ({ resolved: value }),
        (reason: unknown) => ({ rejected: describe(reason) }),
      ) as Promise<Settled>;
      return { id: String(message.headers['id']), settled };
    },
    releaseLate: () => late.splice(0).forEach((release) => release()),
  };
  window.addEventListener('message', (event) => peer.raw.push(event.data));
  const record = (req: Request) =>
    peer.received.push(JSON.parse(JSON.stringify({ ...req, handler: undefined })) as Request);
  // The catch-all first: the most specific route must still win.
  router.get('*notfound', (req: Request, res: Response) => res.send(404, `Not found: ${req.url}`));
  router.post('/report/load', (req: Request, res: Response) => {
    record(req);
    res.send(202);
  });
  router.get('/report/pages', (req: Request, res: Response) => {
    record(req);
    res.send(200, pages);
  });
  router.get('/report/pages/:pageName/visuals', (req: Request, res: Response) =>
    res.send(200, { params: req.params, queryParams: req.queryParams }),
  );
  router.put('/report/filters', (_req: unknown, res: Response) =>
    res.send(400, [{ message: 'filters property is invalid' }]),
  );
  router.post('/reports/:uniqueId/events/:eventName', (req: Request) => record(req));
  router.post('/throws', () => {
    throw new Error('boom');
  });
  router.post(
    '/late',
    (_req: unknown, res: Response) =>
      new Promise<void>((resolve) =>
        late.push(() => {
          res.send(200, 'legit');
          resolve();
        }),
      ),
  );
  return peer;
}
