/**
 * Opens a PostgreSQL source's session the only way the service does (decision 0222): the string
 * read and checked, the host resolved and judged now (on every connect and refresh), pg connected
 * to the judged address, then a read-only session with a statement time-out, and a role that can
 * read nothing of the server's own files or state.
 */
import { isIP } from 'node:net';
import pg from 'pg';
import { sourceTargetOf, type ConnectionTarget } from './connection-string.ts';
import { checkedAddress, type SourcePolicy } from './source-policy.ts';
import {
  sourceFailure,
  sourceRoleNotAllowed,
  sourceUnreachable,
  type SourceLog,
} from './source-errors.ts';

export interface SourceAccess extends SourcePolicy {
  /** Longest time one statement of a source may run. */
  statementTimeoutMs: number;
  log: SourceLog;
}

/** An open source session. */
export interface SourceSession {
  client: pg.Client;
  /**
   * Sets the statement time-out again: a source query can change it for the statements after it
   * (`set_config`), so it is re-applied before each one.
   */
  limit(): Promise<void>;
  close(): Promise<void>;
}

/** Short, and the same for refused, closed and silent hosts. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Roles whose members read or write the server's files, run programs, or read its settings. */
const serverRoles = [
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_read_all_settings',
  'pg_read_all_stats',
];

/** Functions that read the server's files or reach other servers from it. */
const serverFunctions = [
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_ls_logdir',
  'pg_ls_waldir',
  'pg_ls_tmpdir',
  'pg_ls_archive_statusdir',
  'pg_ls_logicalsnapdir',
  'pg_ls_logicalmapdir',
  'pg_ls_replslotdir',
  'lo_import',
  'lo_export',
  'pg_file_write',
  'pg_logdir_ls',
  'dblink',
  'dblink_connect',
  'dblink_connect_u',
  'dblink_exec',
  'dblink_send_query',
];

/**
 * Every role the session's user is a member of (itself included, `SET ROLE` reaches the others),
 * and what of the server's powers each holds.
 */
const powersQuery = `
  SELECT r.rolname AS role, r.rolsuper AS superuser,
         r.rolname = ANY($1::text[]) AS server_role,
         ARRAY(SELECT DISTINCT f.proname::text FROM pg_proc f
               WHERE f.proname = ANY($2::text[]) AND has_function_privilege(r.oid, f.oid, 'EXECUTE')
               ORDER BY 1) AS functions
  FROM pg_roles r
  WHERE pg_has_role(current_user, r.oid, 'MEMBER')`;

interface RolePowers {
  role: string;
  superuser: boolean;
  server_role: boolean;
  functions: string[];
}

async function refuseServerPowers(client: pg.Client, log: SourceLog): Promise<void> {
  const { rows } = await client.query<RolePowers>(powersQuery, [serverRoles, serverFunctions]);
  const powerful = rows.filter(
    (row) => row.superuser || row.server_role || row.functions.length > 0,
  );
  if (powerful.length === 0) return;
  log({ roles: powerful }, 'PostgreSQL source refused: its role reaches the server');
  throw sourceRoleNotAllowed();
}

/** TLS as the string asks, checked against the host's name although pg connects to its address. */
function tlsOf(target: ConnectionTarget & { sslMode: string }): pg.ClientConfig['ssl'] {
  if (target.sslMode === 'disable') return false;
  const [host = ''] = target.hosts;
  return {
    rejectUnauthorized: target.sslMode !== 'no-verify',
    ...(isIP(host) ? {} : { servername: host }),
  };
}

async function connected(access: SourceAccess, connectionString: string): Promise<pg.Client> {
  const target = sourceTargetOf(connectionString);
  let client: pg.Client | undefined;
  try {
    client = new pg.Client({
      host: await checkedAddress(access, target),
      port: target.port,
      user: target.user,
      database: target.database,
      // A function, so that pg never falls back to the BI process's PGPASSWORD or ~/.pgpass.
      password: () => target.password ?? '',
      ssl: tlsOf(target),
      application_name: target.options.get('application_name') ?? 'vitrina-bi',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    await client.connect();
    return client;
  } catch (error) {
    await client?.end().catch(() => undefined);
    access.log(
      { err: error, host: target.hosts[0], port: target.port, database: target.database },
      'PostgreSQL source not reached',
    );
    throw sourceUnreachable();
  }
}

/** Opens a checked, read-only session on the source; throws a PowerBiError the caller may show. */
export async function openSource(
  access: SourceAccess,
  connectionString: string,
): Promise<SourceSession> {
  const client = await connected(access, connectionString);
  // A source query may fail the session at any time; pg would otherwise throw it unhandled.
  client.on('error', (error) => access.log({ err: error }, 'PostgreSQL source session failed'));
  const limit = async () => {
    await client.query(`SET statement_timeout = ${Math.round(access.statementTimeoutMs)}`);
  };
  try {
    await client.query('SET default_transaction_read_only = on');
    await limit();
    await refuseServerPowers(client, access.log);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw sourceFailure(error, access.log);
  }
  return { client, limit, close: () => client.end().catch(() => undefined) };
}
