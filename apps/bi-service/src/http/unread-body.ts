import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long an answer waits for the rest of a body nobody read before it is sent anyway. */
const DRAIN_WITHIN_MS = 10_000;

/**
 * onSend hook: an answer given before the request's body has arrived (a refused upload, a 401 or
 * 404 on a large POST, before any route read it) first reads and drops the rest of it. nginx sends a body it has buffered
 * whole; an answer that lets Node close the connection under it reaches the client as nginx's
 * own 502 (`writev() failed (32: Broken pipe) while sending request to upstream`) instead of
 * ours. A client still sending after `DRAIN_WITHIN_MS` gets the answer and a closed connection.
 */
export async function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const body = request.raw;
  // `complete`: every byte has arrived, and Node drops what sits unread without closing the
  // connection. A body a route started reading (an import cut off for being too slow, or by
  // shutdown) is that route's to end: only a body nobody touched (`readableFlowing` still
  // null) is drained here.
  if (body.complete || body.destroyed || body.readableFlowing !== null) return;
  const stop = new AbortController();
  body.resume();
  const ended = await Promise.race([
    once(body, 'end', { signal: stop.signal }).then(
      () => true,
      () => false,
    ),
    sleep(DRAIN_WITHIN_MS, false, { signal: stop.signal }).catch(() => false),
  ]);
  stop.abort();
  if (!ended) reply.header('connection', 'close');
}
