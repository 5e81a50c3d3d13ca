/**
 * Reads a `postgres://` connection string ourselves instead of handing it to pg (decision 0222):
 * pg's parser reads certificate files named in the string (`sslcert=/etc/…`) and fills gaps from
 * the BI process's own `PG*` variables and `~/.pgpass`. Here every part is explicit, and options
 * that could reach past the checked host or read local files are refused.
 */
import { invalidRequest } from '../../http/powerbi-error.ts';

/** Where and as whom a connection string connects, as written (nothing resolved yet). */
export interface ConnectionTarget {
  /** Host names, IP literals or socket directories; empty for a string with no host at all. */
  hosts: string[];
  port: number;
  /** Empty when the string names no user. */
  user: string;
  password: string | undefined;
  /** PostgreSQL's default: the user's name. */
  database: string;
  /** Query parameters other than host and port, as written. */
  options: Map<string, string>;
}

const DEFAULT_PORT = 5432;

/**
 * Options a source may carry. `host` and `port` are read into the target (and then checked like
 * the URL's own); `sslmode`/`ssl` choose TLS; `application_name` is harmless. Anything else
 * (`hostaddr`, `options=-c …`, `sslrootcert` and the other file paths, `replication`, …) is refused.
 */
const acceptedOptions = new Set(['sslmode', 'ssl', 'application_name']);

const sslModes = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'] as const;
type SslMode = (typeof sslModes)[number];

const invalid = (detail: string) =>
  invalidRequest(`La cadena de conexión de PostgreSQL no es válida: ${detail}.`);

/**
 * A URL with credentials and no host (`postgres://user@/db?host=/run/postgresql`) is not a WHATWG
 * URL; libpq reads it as "no host". It is parsed with a stand-in host that is then dropped.
 */
const missingHost = /^(postgres(?:ql)?:\/\/[^/?#]*@)(?=[/?#]|$)/i;
const standIn = 'vitrina-no-host.invalid';

function urlOf(text: string): { url: URL; hasHost: boolean } {
  const noHost = missingHost.test(text);
  try {
    return {
      url: new URL(noHost ? text.replace(missingHost, `$1${standIn}`) : text),
      hasHost: !noHost,
    };
  } catch {
    throw invalid('no es una URL postgres://');
  }
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid('tiene caracteres mal codificados');
  }
}

function portOf(text: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port < 1 || port > 65_535) throw invalid('el puerto no es válido');
  return port;
}

/** Every part of `text`, as libpq would read it (host and port parameters win over the URL's). */
export function readConnectionString(text: string): ConnectionTarget {
  const { url, hasHost } = urlOf(text);
  const options = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    if (options.has(key)) throw invalid(`repite la opción ${key}`);
    options.set(key, value);
  }
  const hostText = options.get('host') ?? (hasHost ? decoded(url.hostname) : '');
  const portText = options.get('port') ?? url.port;
  options.delete('host');
  options.delete('port');
  const user = decoded(url.username);
  return {
    hosts:
      hostText === '' ? [] : hostText.split(',').map((host) => host.replace(/^\[(.*)\]$/, '$1')),
    port: portText === '' ? DEFAULT_PORT : portOf(portText),
    user,
    password: url.password === '' ? undefined : decoded(url.password),
    database: decoded(url.pathname.replace(/^\//, '')) || user,
    options,
  };
}

/** A source's target: one host, a named user, and only the options a source may carry. */
export function sourceTargetOf(text: string): ConnectionTarget & { sslMode: SslMode } {
  const target = readConnectionString(text);
  for (const key of target.options.keys())
    if (!acceptedOptions.has(key)) throw invalid(`la opción ${key} no se admite`);
  if (target.hosts.length > 1) throw invalid('indique un solo servidor');
  if (!target.user) throw invalid('falta el usuario');
  return { ...target, sslMode: sslModeOf(target.options) };
}

/** `sslmode`, or pg's older `ssl=true|false|no-verify`; without either, no TLS (as pg). */
function sslModeOf(options: Map<string, string>): SslMode {
  const mode = options.get('sslmode');
  const flag = options.get('ssl');
  if (mode !== undefined) {
    if (!(sslModes as readonly string[]).includes(mode)) throw invalid('el sslmode no es válido');
    return mode as SslMode;
  }
  if (flag === undefined || flag === 'false' || flag === '0') return 'disable';
  if (flag === 'true' || flag === '1') return 'verify-full';
  if (flag === 'no-verify') return 'no-verify';
  throw invalid('la opción ssl no es válida');
}
