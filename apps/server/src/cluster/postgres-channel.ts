import pg from 'pg';
import type { ClusterLog, InvalidationChannel } from './invalidation-bus.ts';

const channelName = 'vitrina_invalidations';

/**
 * Invalidations over PostgreSQL `LISTEN/NOTIFY`, on one dedicated connection (a pooled one would
 * stop listening when returned). A lost connection is opened again after a second; messages sent
 * meanwhile are lost for this instance, which the caches' maximum ages bound (decision 0140).
 */
export function createPostgresChannel(url: string, log: ClusterLog): InvalidationChannel {
  let client: pg.Client | undefined;
  let closed = false;
  let deliver: (message: string) => void = () => undefined;

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (notification) => {
      if (notification.payload) deliver(notification.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'PostgreSQL notification connection lost');
      if (client === next) client = undefined;
      reopenLater();
    });
    await next.connect();
    await next.query(`LISTEN ${channelName}`);
    return next;
  }

  function reopenLater() {
    if (closed) return;
    setTimeout(() => {
      if (closed || client) return;
      open().then(
        (opened) => {
          if (closed) void opened.end();
          else client = opened;
        },
        () => reopenLater(),
      );
    }, 1000).unref();
  }

  return {
    name: 'postgres',
    async send(message) {
      if (!client) throw new Error('PostgreSQL notification connection is not open');
      await client.query('SELECT pg_notify($1, $2)', [channelName, message]);
    },
    async listen(receiver) {
      deliver = receiver;
      try {
        client = await open();
      } catch (error) {
        // PostgreSQL unreachable at start: keep trying in the background.
        reopenLater();
        throw error;
      }
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
