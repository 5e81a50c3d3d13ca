import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Handler = (
  request: RecordedRequest,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * A real HTTP server on a loopback port that plays the portal API for component tests: each test
 * says how routes answer, and every request is recorded for assertions.
 */
export async function startApiServer(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const request = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      headers: req.headers,
      body: raw ? (JSON.parse(raw) as unknown) : undefined,
    };
    requests.push(request);
    const answer = await handler(request);
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points jsdom's location at `origin`, so the app's `/api/` calls reach the test server. */
export function pointJsdomAt(origin: string): void {
  const jsdom = (
    globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }
  ).jsdom;
  jsdom.reconfigure({ url: `${origin}/` });
}

/** Starts the test API for the current test, points the page at it and stops it when the test ends. */
export async function serveApi(handler: Handler) {
  const server = await startApiServer(handler);
  onTestFinished(server.close);
  pointJsdomAt(server.origin);
  return server;
}
