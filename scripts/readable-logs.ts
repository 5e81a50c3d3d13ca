import type { Writable } from 'node:stream';
import { build } from 'pino-pretty';

/**
 * For a terminal: turns a server's JSON log lines (pino) into readable ones, each tagged with the
 * process it came from. Lines that are not JSON, such as the first administrator's password
 * banner, pass through unchanged.
 */
export function readableLogs(label: string, destination: Writable, colorize: boolean): Writable {
  return build({
    destination,
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    messageFormat: `${label}: {msg}`,
  });
}
