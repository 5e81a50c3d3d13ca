/**
 * An answer given before a large body arrived (here a 404 for a POST nobody routes) waits for the
 * rest of the body and keeps the connection: nginx, which sends a body it buffered whole, would
 * otherwise hit a closed connection and answer the client with its own 502.
 */
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ VITRINA_DEMO: 'false' });
});
afterAll(() => service.close());

/** Collects what the server sends and whether it closed the connection. */
function listen(socket: Socket) {
  const seen = { text: '', closed: false };
  socket.on('data', (chunk: Buffer) => (seen.text += chunk.toString('latin1')));
  socket.on('close', () => (seen.closed = true));
  socket.on('error', () => (seen.closed = true));
  return seen;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('reads the rest of an unread body before answering, and keeps the connection', async () => {
  const { hostname, port } = new URL(service.url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  const seen = listen(socket);
  const size = 2 * 1024 * 1024;
  const chunk = Buffer.alloc(256 * 1024, 'x');
  socket.write(
    `POST /v1.0/myorg/nowhere HTTP/1.1\r\nHost: bi.test\r\n` +
      `Content-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
  );
  socket.write(chunk);
  // The rest follows slowly; the answer waits for it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seen.text).toBe('');
  for (let sent = chunk.length; sent < size; sent += chunk.length) socket.write(chunk);
  await until(() => seen.text.includes('PowerBIEntityNotFound'), 'the 404');
  expect(seen.text).toMatch(/^HTTP\/1\.1 404 /);
  expect(seen.closed).toBe(false);

  // The same connection serves the next request.
  socket.write('GET /health HTTP/1.1\r\nHost: bi.test\r\n\r\n');
  await until(() => seen.text.includes('"status":"ok"') || seen.closed, 'the second answer');
  expect(seen.text).toContain('"status":"ok"');
  socket.destroy();
});
