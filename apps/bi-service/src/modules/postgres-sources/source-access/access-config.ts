/**
 * The settings of what PostgreSQL sources may reach (decision 0222), read with the rest of the BI
 * service's environment.
 */
import { commaList, runModeOf } from '@vitrina/env';
import { z } from 'zod';
import { allowedHostProblem, parseAllowedHosts } from './allowed-hosts.ts';
import { readConnectionString, type ConnectionTarget } from './connection-string.ts';
import type { SourceAccess } from './open-source.ts';
import { stderrSourceLog, type SourceLog } from './source-errors.ts';
import { systemResolver, type Resolver } from './source-policy.ts';

export interface SourceAccessConfig {
  /** Loopback TCP without the allow-list: only in the `npm start` trial (development, test). */
  readonly allowLoopback: boolean;
  /** BI_SOURCE_ALLOWED_HOSTS: host names, IP addresses and CIDR ranges. */
  readonly allowedHosts: readonly string[];
  /** The portal's own database (DATABASE_URL, when it is PostgreSQL): never a source. */
  readonly portalDatabase: Pick<ConnectionTarget, 'hosts' | 'database'> | undefined;
  /** Longest time one statement of a source may run. */
  readonly statementTimeoutMs: number;
}

const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//i.test(url);

function portalDatabaseOf(url: string) {
  const { hosts, database } = readConnectionString(url);
  return { hosts, database };
}

export const sourceAccessEnvShape = {
  BI_SOURCE_ALLOWED_HOSTS: commaList.superRefine((entries, context) => {
    for (const problem of entries.map(allowedHostProblem))
      if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  BI_SOURCE_STATEMENT_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(600),
  /** The portal's database, read here only to keep sources away from it. */
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (url) => {
        if (!isPostgresUrl(url)) return true;
        try {
          portalDatabaseOf(url);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'not a postgres:// URL the BI service can read' },
    ),
};

export function sourceAccessOf(values: {
  NODE_ENV?: string | undefined;
  BI_SOURCE_ALLOWED_HOSTS: string[];
  BI_SOURCE_STATEMENT_TIMEOUT_S: number;
  DATABASE_URL?: string | undefined;
}): SourceAccessConfig {
  return Object.freeze({
    allowLoopback: runModeOf(values.NODE_ENV) !== 'production',
    allowedHosts: Object.freeze(values.BI_SOURCE_ALLOWED_HOSTS),
    portalDatabase: isPostgresUrl(values.DATABASE_URL)
      ? portalDatabaseOf(values.DATABASE_URL)
      : undefined,
    statementTimeoutMs: values.BI_SOURCE_STATEMENT_TIMEOUT_S * 1000,
  });
}

/** The access the source service checks with; tests hand in their own resolver and log. */
export function createSourceAccess(
  config: SourceAccessConfig,
  overrides: { resolve?: Resolver | undefined; log?: SourceLog | undefined } = {},
): SourceAccess {
  return {
    allowLoopback: config.allowLoopback,
    allowedHosts: parseAllowedHosts(config.allowedHosts),
    portalDatabase: config.portalDatabase,
    statementTimeoutMs: config.statementTimeoutMs,
    resolve: overrides.resolve ?? systemResolver,
    log: overrides.log ?? stderrSourceLog,
  };
}
