import { Redis } from 'ioredis';
import type { ClusterLog, InvalidationChannel } from './invalidation-bus.ts';

const channelName = 'vitrina:invalidations';

/**
 * The portal's two Redis connections: `commands` (publishing, login limits) and `subscriber`
 * (a connection in subscriber mode can run nothing else). Commands fail at once while Redis is
 * down instead of queueing, so a login or a write never waits for it; both connections reconnect
 * by themselves, and the subscriber subscribes again when it does.
 */
export function connectRedis(url: string, log: ClusterLog) {
  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);
  const commands = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy,
  });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });
  let up = false;
  commands.on('ready', () => {
    if (!up) log.info('Redis reachable');
    up = true;
  });
  commands.on('close', () => {
    if (up)
      log.warn(
        'Redis unreachable: invalidations go through PostgreSQL (if used), limits per process',
      );
    up = false;
  });
  // ioredis reports every failed reconnection; the state changes above are what matters.
  commands.on('error', () => undefined);
  subscriber.on('error', () => undefined);

  const channel: InvalidationChannel = {
    name: 'redis',
    async send(message) {
      await commands.publish(channelName, message);
    },
    async listen(deliver) {
      subscriber.on('message', (_channel: string, message: string) => deliver(message));
      // Redis may be down at start: the subscription then happens when it comes back.
      const subscribed = subscriber.subscribe(channelName).catch(() => 0);
      await Promise.race([subscribed, new Promise((r) => setTimeout(r, 5000).unref())]);
    },
    async close() {
      subscriber.disconnect();
    },
  };

  return {
    commands,
    channel,
    /** Waits (at most `ms`) for the first connection, so start-up does not race Redis. */
    async whenReady(ms: number): Promise<boolean> {
      if (commands.status === 'ready') return true;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        commands.once('ready', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    async ping(): Promise<boolean> {
      try {
        return (await commands.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close(): Promise<void> {
      await channel.close();
      commands.disconnect();
    },
  };
}
