import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { DialectName } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { AuditLog } from './lib/audit.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import type { AddressFailureLimiter } from './modules/auth/ip-failure-limiter.ts';
import type { UserSessions } from './lib/sessions.ts';
import type { AccessTokens } from './plugins/access-tokens.ts';

/** The Fastify instance modules register their routes on (Zod schemas, prefix /api). */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything a module may use. Side effects (clock, mail, hashing) come in through here. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the pool under `db` (`DatabaseHandle.pool`). */
  pool?: pg.Pool;
  clock: Clock;
  mailer: Mailer;
  audit: AuditLog;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  /** Revoking sessions and forgetting cached session state (modules/auth/active-sessions.ts). */
  sessions: UserSessions;
  /** 32-byte key for encrypting integration account passwords at rest. */
  accountKey: Buffer;
  /** The app's logger, for work that runs outside a request (account sync). */
  log: FastifyBaseLogger;
  /** The per-address failed-login limit shared by the instances; in memory when absent. */
  addressFailures?: AddressFailureLimiter;
}

/**
 * Work a module runs in the background while the server is up (a scheduler, a queue): started
 * once the server is ready, stopped when it closes.
 */
export interface BackgroundWork {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/**
 * A resource module: registers its routes (and hooks such as timers) on the /api app. Modules
 * built from services (`createServices`) take them as arguments and ignore `context`.
 */
export interface ApiModule {
  name: string;
  /** The OpenAPI tag of its guarded routes (`app.admin`, `app.signedIn`: route-options.ts). */
  tag?: string;
  register(app: ApiApp, context: AppContext): void | Promise<void>;
  /** Its background work, which the app starts and stops with the server. */
  background?: BackgroundWork;
}
