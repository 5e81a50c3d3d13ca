import type { Config } from '../config.ts';
import { openInvalidationChannels } from './cluster.ts';
import { createInvalidationBus, type ClusterLog, type Invalidation } from './invalidation-bus.ts';

/** How long the announcement waits for Redis to connect before relying on PostgreSQL alone. */
const redisConnectMs = 2000;

/**
 * Tells the running portal instances about a change made outside them (the admin CLI, decision
 * 0196), on the same channels and in the same envelope as their own writes. Without a channel
 * (one process on SQLite) there is no one to tell: the running process's caches still bound the
 * change (0110). A channel that fails is logged; the others still carry the events.
 */
export async function announceToInstances(
  config: Config,
  events: Invalidation[],
  log: ClusterLog,
): Promise<void> {
  const { redis, channels } = openInvalidationChannels(config, log);
  if (channels.length === 0) return;
  const bus = createInvalidationBus(channels, log);
  try {
    if (redis && !(await redis.whenReady(redisConnectMs)))
      log.warn('Redis not reachable: the change is announced through PostgreSQL only');
    // Listening opens PostgreSQL's notification connection, which also sends.
    await bus.start().catch(() => undefined);
    for (const event of events) await bus.send(event);
  } finally {
    await bus.close();
    await redis?.close();
  }
}
