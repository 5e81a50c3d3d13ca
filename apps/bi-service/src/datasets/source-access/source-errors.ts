/**
 * What a caller learns when a PostgreSQL source fails (decision 0222): a Power BI-style code and
 * a Spanish sentence. A source that is refused, closed, silent, unknown or that rejects the
 * credentials gets the same sentence, so the answers cannot map the host's ports or network; the
 * details go to the log only.
 */
import pg from 'pg';
import { PowerBiError } from '../../http/powerbi-error.ts';

/** Where source failures are logged in full (pino's `log.warn(details, message)` shape). */
export type SourceLog = (details: Record<string, unknown>, message: string) => void;

/** Errors as JSON: their message and code are not enumerable properties. */
const asJson = (_key: string, value: unknown) =>
  value instanceof Error
    ? {
        ...value,
        name: value.name,
        message: value.message,
        code: (value as { code?: unknown }).code,
      }
    : value;

/** One JSON line on stderr, the journal's, when the service is given no logger of its own. */
export const stderrSourceLog: SourceLog = (details, message) => {
  process.stderr.write(
    `${JSON.stringify({ level: 'warn', time: Date.now(), msg: message, ...details }, asJson)}\n`,
  );
};

export const sourceUnreachable = () =>
  new PowerBiError(
    400,
    'DataSourceUnreachable',
    'No se pudo conectar con el origen PostgreSQL: compruebe el servidor, el puerto, la base de ' +
      'datos y las credenciales, y que el servidor esté permitido para orígenes de datos.',
  );

export const sourceRoleNotAllowed = () =>
  new PowerBiError(
    400,
    'DataSourceRoleNotAllowed',
    'El rol del origen PostgreSQL puede leer archivos o el estado del servidor (es superusuario o ' +
      'tiene permisos como pg_read_server_files o pg_read_file): conéctese con un rol que solo ' +
      'pueda leer las tablas que importa.',
  );

/**
 * Any failure of a source as the caller may see it: the errors above as they are; once connected,
 * PostgreSQL's own words for what it refused (a missing table, a denied function, the statement
 * time-out), nothing from the socket under it.
 */
export function sourceFailure(error: unknown, log: SourceLog): PowerBiError {
  if (error instanceof PowerBiError) return error;
  log({ err: error }, 'PostgreSQL source read failed');
  const said = error instanceof pg.DatabaseError ? `: ${error.message}` : '';
  return new PowerBiError(
    400,
    'DataSourceQueryFailed',
    `No se pudieron leer los datos del origen PostgreSQL${said}.`,
  );
}
