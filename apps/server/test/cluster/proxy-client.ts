import { request, type IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** The two host names of deploy/nginx/vitrina.conf. */
export const portalHost = 'portal.example.com';
export const biHost = 'bi.example.com';

/**
 * Any address in 127.0.0.0/8 is loopback on Linux. nginx sees a caller by the address it connects
 * from (`$remote_addr`), so each kind of caller gets its own, as different machines would have:
 * the portal's own calls to the BI service come from 127.0.0.1, an outsider from elsewhere.
 */
export const addresses = {
  /** The operator and the users the suite signs in (and the portal's own calls). */
  insider: '127.0.0.1',
  /** Outsiders hammering the BI service's token endpoint. */
  outsider: '127.0.0.2',
  /** The one who forges X-Forwarded-For on the portal's login. */
  forger: '127.0.0.5',
};

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as JSON, or undefined when it is not JSON (nginx's own HTML pages). */
  json: Record<string, unknown> | undefined;
}

export interface ProxyRequest {
  host: string;
  method?: string;
  path: string;
  /** The local address to connect from (default: the insider's). */
  from?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Readable;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One HTTP request to nginx on `port` with the `Host` the proxy routes by, from a chosen loopback
 * address. node:http, not fetch: fetch can set neither `Host` nor the local address. The suite
 * speaks plain HTTP to the proxy's rewritten `listen 80` (TLS, in front of nginx in production,
 * is not what it tests).
 */
export function viaProxy(port: number, call: ProxyRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: call.from ?? addresses.insider,
        method: call.method ?? 'GET',
        path: call.path,
        headers: { host: call.host, ...call.headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text,
            json: parse(text),
          });
        });
      },
    );
    outgoing.on('error', reject);
    const body = call.body;
    if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) outgoing.end(body);
    else body.pipe(outgoing);
  });
}

/** The Power BI REST error shape, `{ error: { code, message } }`, or undefined. */
export function powerBiError(answer: Answer): { code: string; message: string } | undefined {
  const error = answer.json?.['error'] as { code?: unknown; message?: unknown } | undefined;
  return typeof error?.code === 'string' && typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : undefined;
}
