import type { Readable } from 'node:stream';
import { BiFailure, BiServiceError } from './bi-errors.ts';
import type { HttpTransport, TransportResponse } from './http-transport.ts';
import type { BiCredentials, BiTokenProvider } from './bi-token-provider.ts';

export type BiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request body streamed as is (a file upload), with its own content type. */
export interface BiStreamBody {
  stream: Readable;
  contentType: string;
  timeoutMs: number;
}

/**
 * Power BI REST calls with the account's access token, under `{apiUrl}/v1.0/myorg`. A JSON body
 * is sent as JSON; a stream body is piped (and, being spent, not retried on a 401). A failure
 * keeps the service's own error message (`{ error: { message } }`) as `remoteMessage`.
 */
export function createBiRequester(options: {
  apiUrl: string;
  transport: HttpTransport;
  tokens: BiTokenProvider;
}) {
  const base = `${options.apiUrl.replace(/\/+$/, '')}/v1.0/myorg`;

  async function call<T>(
    credentials: BiCredentials,
    method: BiMethod,
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response = await send(credentials, method, path, body);
    if (response.status === 401 && !isStream(body)) {
      // The cached token may have been revoked early: one retry with a fresh one.
      options.tokens.forget(credentials.accountId);
      response = await send(credentials, method, path, body);
    }
    if (response.status >= 200 && response.status < 300) return parse<T>(response);
    throw new BiServiceError(
      failureFor(response.status),
      `${method} ${path}: HTTP ${response.status}`,
      undefined,
      remoteMessageOf(response),
    );
  }

  async function send(credentials: BiCredentials, method: BiMethod, path: string, body: unknown) {
    const { accessToken } = await options.tokens.getToken(credentials);
    const headers: Record<string, string> = {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
    };
    const request = isStream(body)
      ? { body: body.stream, timeoutMs: body.timeoutMs }
      : body !== undefined
        ? { body: JSON.stringify(body) }
        : {};
    if (isStream(body)) headers['content-type'] = body.contentType;
    else if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await options.transport({ method, url: `${base}${path}`, headers, ...request });
    } catch (error) {
      throw new BiServiceError(
        BiFailure.unreachable,
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  return call;
}
export type BiCall = ReturnType<typeof createBiRequester>;

function isStream(body: unknown): body is BiStreamBody {
  return typeof body === 'object' && body !== null && 'stream' in body;
}

function failureFor(status: number): BiFailure {
  if (status === 401 || status === 403) return BiFailure.forbidden;
  if (status === 404) return BiFailure.notFound;
  return BiFailure.unexpected;
}

function parse<T>(response: TransportResponse): T {
  // DELETE and 202 answers may have no body at all.
  if (response.text.trim() === '') return undefined as T;
  try {
    return JSON.parse(response.text) as T;
  } catch {
    throw new BiServiceError(BiFailure.unexpected, `invalid JSON (HTTP ${response.status})`);
  }
}

function remoteMessageOf(response: TransportResponse): string | undefined {
  try {
    const body = JSON.parse(response.text) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}
