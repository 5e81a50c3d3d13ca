import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** An arbitrary 64-bit key naming "the periodic account sync" among advisory locks. */
const syncLockKey = 0x5649_5452_494e_4131n;

/** `application_name` of the connection that holds (or asks for) the sync leader's lock. */
const leaderApplicationName = `vitrina sync leader (pid ${process.pid})`;

export interface SyncLeader {
  /** Whether this instance runs the periodic sync now; tries to become leader when it is not. */
  isLeader(): Promise<boolean>;
  /**
   * Whether this instance leads already, without asking: for upkeep that rides on the sync's
   * election (audit pruning) and must not take the lock from an instance that runs no sync.
   */
  isLeading(): boolean;
  close(): Promise<void>;
}

/** One process on SQLite: it is the only instance, so always the leader. */
export const soleLeader: SyncLeader = {
  isLeader: () => Promise.resolve(true),
  isLeading: () => true,
  close: () => Promise.resolve(),
};

/**
 * Leader election with a session-level PostgreSQL advisory lock held on a dedicated connection:
 * the lock lives exactly as long as that connection, so a leader that dies (or loses its
 * connection) releases it and the next instance to ask takes over. Asked before every periodic
 * round; a non-leader asks again at its next round.
 */
export function createPostgresSyncLeader(url: string, log: FastifyBaseLogger): SyncLeader {
  let client: pg.Client | undefined;
  let leading = false;

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    // Named with the process id, so an operator (or a test) sees in pg_stat_activity which
    // instance holds the lock.
    const next = new pg.Client({ connectionString: url, application_name: leaderApplicationName });
    next.on('error', (error) => {
      if (leading) log.warn({ err: error }, 'sync leadership lost with its connection');
      leading = false;
      if (client === next) client = undefined;
    });
    await next.connect();
    client = next;
    return next;
  }

  return {
    async isLeader() {
      if (leading) return true;
      const db = await connection();
      const result = await db.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [syncLockKey.toString()],
      );
      leading = result.rows[0]?.locked === true;
      if (leading) log.info('this instance is now the periodic sync leader');
      return leading;
    },
    isLeading: () => leading,
    async close() {
      leading = false;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
