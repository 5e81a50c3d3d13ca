import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { dialectOf, pingDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import {
  createMemoryFailureLimiter,
  type AddressFailureLimiter,
} from '../modules/auth/ip-failure-limiter.ts';
import {
  createInvalidationBus,
  type ClusterLog,
  type InvalidationChannel,
} from './invalidation-bus.ts';
import { createPostgresChannel } from './postgres-channel.ts';
import { connectRedis } from './redis.ts';
import { createRedisFailureLimiter } from './redis-failure-limiter.ts';
import { createPostgresSyncLeader, soleLeader, type SyncLeader } from './sync-leader.ts';

/** A dependency `/api/ready` checks: true when it answers. */
export type ReadinessCheck = () => Promise<boolean>;

const checkTimeoutMs = 2000;

function withTimeout(check: ReadinessCheck): ReadinessCheck {
  return () =>
    Promise.race([
      check().catch(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), checkTimeoutMs).unref()),
    ]);
}

/**
 * The invalidation channels the configuration names: Redis with `REDIS_URL`, PostgreSQL
 * `LISTEN/NOTIFY` with a PostgreSQL `DATABASE_URL`, both when both are set.
 */
export function openInvalidationChannels(config: Config, log: ClusterLog) {
  const postgresUrl = dialectOf(config.databaseUrl) === 'postgres' ? config.databaseUrl : undefined;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, log) : undefined;
  const channels: InvalidationChannel[] = [];
  if (redis) channels.push(redis.channel);
  if (postgresUrl) channels.push(createPostgresChannel(postgresUrl, log));
  return { postgresUrl, redis, channels };
}

/**
 * What several portal instances share (decision 0140): `DATABASE_URL=postgres://…` adds
 * PostgreSQL LISTEN/NOTIFY for invalidations and the advisory-lock sync leader; `REDIS_URL` adds
 * Redis pub/sub, the shared per-address login limit and `@fastify/rate-limit`'s Redis store. With
 * neither (one process on SQLite) nothing is opened: no channel, always the leader, limits in
 * memory.
 */
export function createCluster(deps: {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { config, log } = deps;
  const { postgresUrl, redis, channels } = openInvalidationChannels(config, log);
  const bus = createInvalidationBus(channels, log);
  const leader: SyncLeader = postgresUrl ? createPostgresSyncLeader(postgresUrl, log) : soleLeader;

  const memoryLimiter = createMemoryFailureLimiter({
    maxFailures: config.auth.loginFailuresPerIpPerMinute,
    windowMs: 60_000,
    clock: deps.clock,
  });
  const addressFailures: AddressFailureLimiter = redis
    ? createRedisFailureLimiter({
        redis: redis.commands,
        maxFailures: config.auth.loginFailuresPerIpPerMinute,
        windowMs: 60_000,
        clock: deps.clock,
        fallback: memoryLimiter,
        log,
      })
    : memoryLimiter;

  const readiness: Record<string, ReadinessCheck> = {
    database: withTimeout(async () => {
      await pingDatabase(deps.db);
      return true;
    }),
    ...(redis ? { redis: withTimeout(() => redis.ping()) } : {}),
  };

  return {
    bus,
    leader,
    addressFailures,
    /** For `@fastify/rate-limit`'s Redis store; absent without `REDIS_URL`. */
    rateLimitRedis: redis?.commands,
    /** Database and Redis checks; the BI check comes from the services (app.ts). */
    readiness,
    async start(): Promise<void> {
      if (redis && !(await redis.whenReady(5000)))
        log.warn('Redis not reachable at start: serving with the fallbacks until it is');
      await bus.start().catch((error: unknown) => {
        log.warn({ err: error }, 'an invalidation channel could not start listening');
      });
    },
    async close(): Promise<void> {
      await Promise.allSettled([bus.close(), leader.close(), redis?.close()]);
    },
  };
}
export type Cluster = ReturnType<typeof createCluster>;
