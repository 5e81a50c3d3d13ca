import type { Writable } from 'node:stream';
import { build } from 'pino-pretty';

/** Fastify's request fields, shown inline ("GET /api/x", "200 in 3 ms") instead of as objects. */
const requestFields = ['reqId', 'req', 'res', 'responseTime'];

function requestSummary(log: Record<string, unknown>): string {
  const { req, res, responseTime } = log as {
    req?: { method?: string; url?: string };
    res?: { statusCode?: number };
    responseTime?: number;
  };
  if (req?.method) return ` ${req.method} ${req.url ?? ''}`;
  if (res?.statusCode) return ` ${res.statusCode} in ${Math.round(responseTime ?? 0)} ms`;
  return '';
}

/**
 * For a terminal: turns a server's JSON log lines (pino) into one readable line each, tagged with
 * the process it came from. Lines that are not JSON, such as the first administrator's password
 * banner, pass through unchanged.
 */
export function readableLogs(label: string, destination: Writable, colorize: boolean): Writable {
  return build({
    destination,
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', ...requestFields].join(','),
    messageFormat: (log, messageKey) =>
      `${label}: ${String(log[messageKey])}${requestSummary(log)}`,
  });
}
