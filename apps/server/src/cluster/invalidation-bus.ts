import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { SessionInvalidation } from '../lib/sessions.ts';

/**
 * A cache drop that every portal instance must apply. The content kinds mirror the wiring in
 * services.ts (a content change also drops grants and favorites; an account change also drops the
 * account's BI and embed tokens); the session kinds are the active-session cache's own events.
 */
export type Invalidation =
  | { kind: 'grants' }
  | { kind: 'favorites' }
  | { kind: 'content' }
  | { kind: 'account'; accountId: number }
  | { kind: 'identity'; userId: number }
  | SessionInvalidation;

/** One transport between instances (Redis pub/sub, PostgreSQL LISTEN/NOTIFY). */
export interface InvalidationChannel {
  name: 'redis' | 'postgres';
  /** Sends one encoded message to every subscriber, this instance included. */
  send(message: string): Promise<void>;
  /** Starts delivering received messages to `deliver`. */
  listen(deliver: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** What the channels log: reachability changes and failed sends. */
export type ClusterLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

interface Envelope {
  id: string;
  from: string;
  event: Invalidation;
}

/**
 * Carries invalidations to the other instances. A message goes out on every channel configured
 * (Redis and PostgreSQL together when both are), so losing one channel loses no invalidation;
 * receivers drop duplicates by message id and ignore their own messages. With no channel (one
 * process on SQLite) publishing does nothing: the local caches were already dropped.
 */
export function createInvalidationBus(channels: InvalidationChannel[], log: ClusterLog) {
  const instanceId = randomUUID();
  const seen = new LRUCache<string, true>({ max: 10_000 });
  const listeners = new Set<(event: Invalidation) => void>();

  function receive(raw: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      log.warn({ raw }, 'ignored an unreadable invalidation message');
      return;
    }
    if (envelope.from === instanceId || seen.has(envelope.id)) return;
    seen.set(envelope.id, true);
    for (const listener of listeners) listener(envelope.event);
  }

  async function send(event: Invalidation): Promise<void> {
    const message = JSON.stringify({ id: randomUUID(), from: instanceId, event });
    await Promise.all(
      channels.map((channel) =>
        channel.send(message).catch((error: unknown) => {
          log.warn({ err: error, channel: channel.name }, 'invalidation not sent on this channel');
        }),
      ),
    );
  }

  return {
    instanceId,
    channels: channels.map((channel) => channel.name),
    async start(): Promise<void> {
      await Promise.all(channels.map((channel) => channel.listen(receive)));
    },
    /** Tells the other instances; the caller has already applied `event` locally. */
    publish(event: Invalidation): void {
      void send(event);
    },
    /**
     * `publish` for a caller that must know the message left before it goes on (the admin CLI
     * exits right after): resolves once every channel has sent it or failed (and logged why).
     */
    send,
    /** Hears every invalidation published by another instance; returns how to stop. */
    onRemote(listener: (event: Invalidation) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      await Promise.allSettled(channels.map((channel) => channel.close()));
    },
  };
}
export type InvalidationBus = ReturnType<typeof createInvalidationBus>;
