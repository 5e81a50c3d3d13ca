import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Path → [content type, body] for one origin; `['redirect', url]` answers 302 to `url`, carrying the
 * request's query string along when `url` has none (as an embed page's redirect keeps `uid`).
 */
export type Routes = Record<string, [string, string]>;

export interface Origin {
  url: string;
  routes: Routes;
  close(): Promise<void>;
}

/** A tiny static server on a free loopback port: one origin of a two-origin browser test. */
export async function startOrigin(routes: Routes = {}): Promise<Origin> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes[path];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    if (route[0] === 'redirect') {
      const query = route[1].includes('?') ? '' : new URL(req.url ?? '/', 'http://x').search;
      res.writeHead(302, { location: `${route[1]}${query}` }).end();
    } else {
      res.writeHead(200, { 'content-type': route[0], 'cache-control': 'no-store' }).end(route[1]);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export function html(body: string, head = ''): [string, string] {
  return [
    'text/html; charset=utf-8',
    `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`,
  ];
}

export function js(source: string): [string, string] {
  return ['text/javascript; charset=utf-8', source];
}
