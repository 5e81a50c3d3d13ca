import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';

/** A JSON-ish HTTP exchange, small enough to back both MSAL's network module and the REST client. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Text is sent with its length; a stream (a file upload) is piped, chunked. */
  body?: string | Readable;
  timeoutMs?: number;
  /** Answer a success as a stream (`body`) instead of text: a file download. */
  streamSuccess?: boolean;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  /** The body; empty for a success answered as a stream. */
  text: string;
  /** With `streamSuccess` and a 2xx: the body, still arriving. */
  body?: Readable;
}

export type HttpTransport = (request: TransportRequest) => Promise<TransportResponse>;

const defaultTimeoutMs = 15_000;

/**
 * Builds a transport over node:http/node:https. `ca` (PEM) is trusted in addition to the system
 * roots, because the bundled BI service serves its identity endpoints with a self-signed
 * certificate while real Azure AD needs none. A function is asked on every https request, so a
 * certificate created after start-up is picked up.
 */
export function createHttpTransport(
  options: { ca?: string | (() => string | undefined) } = {},
): HttpTransport {
  return (req) =>
    new Promise((resolve, reject) => {
      const url = new URL(req.url);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const stream = typeof req.body === 'object' ? req.body : undefined;
      const body = typeof req.body === 'string' ? Buffer.from(req.body) : undefined;
      const headers = {
        ...req.headers,
        ...(body ? { 'content-length': String(body.length) } : {}),
      };
      const ca =
        url.protocol === 'https:'
          ? typeof options.ca === 'function'
            ? options.ca()
            : options.ca
          : undefined;
      const tls = ca ? { ca } : {};
      const outgoing = send(url, { method: req.method, headers, ...tls }, (incoming) => {
        const status = incoming.statusCode ?? 0;
        if (req.streamSuccess && status >= 200 && status < 300) {
          // The caller reads the body; the idle timeout still ends a download that stalls.
          resolve({ status, headers: flattenHeaders(incoming.headers), text: '', body: incoming });
          return;
        }
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status,
            headers: flattenHeaders(incoming.headers),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      outgoing.setTimeout(req.timeoutMs ?? defaultTimeoutMs, () =>
        outgoing.destroy(new Error(`Request to ${url.origin} timed out`)),
      );
      outgoing.on('error', reject);
      if (stream) {
        stream.on('error', (error) => outgoing.destroy(error));
        stream.pipe(outgoing);
      } else outgoing.end(body);
    });
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
