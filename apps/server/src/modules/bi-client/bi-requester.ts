import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { biErrorBodySchema } from '@vitrina/bi-model/rest';
import { z } from 'zod';
import { BiFailure, BiServiceError, throttledError } from './bi-errors.ts';
import type { HttpTransport, TransportResponse } from './http-transport.ts';
import type { BiCredentials, BiTokenProvider } from './bi-token-provider.ts';
import { retryAfterMs } from './retry-after.ts';

export type BiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One REST call: its answer is parsed with `answer`, a schema of the Power BI REST contract. */
export interface BiRequest<Answer extends z.ZodType> {
  method: BiMethod;
  path: string;
  body?: unknown;
  answer: Answer;
}

/** For calls whose answer says nothing the portal reads (202, DELETE): any body, or none. */
export const noAnswer = z.unknown().transform((): void => undefined);

/** A file the BI service answers with (an export), streamed as it arrives. */
export interface BiFile {
  stream: Readable;
  contentType: string;
}

/** A request body streamed as is (a file upload), with its own content type. */
export interface BiStreamBody {
  stream: Readable;
  contentType: string;
  timeoutMs: number;
}

/**
 * How long a caller waits out the BI service's throttling (429 with `Retry-After`, decision
 * 0195): at most `maxRetries` waits, each at most `maxWaitMs`. A longer or missing
 * `Retry-After` fails at once with `BiFailure.throttled`.
 */
export interface ThrottlePatience {
  maxRetries: number;
  maxWaitMs: number;
}

/** Interactive calls (a viewer is waiting) do not wait: the user can try again. */
const noPatience: ThrottlePatience = { maxRetries: 0, maxWaitMs: 0 };

export interface BiRequesterOptions {
  apiUrl: string;
  transport: HttpTransport;
  tokens: BiTokenProvider;
  log: Pick<FastifyBaseLogger, 'warn'>;
  throttlePatience?: ThrottlePatience;
}

/**
 * Power BI REST calls with the account's access token, under `{apiUrl}/v1.0/myorg`. A JSON body
 * is sent as JSON; a stream body is piped (and, being spent, retried neither on a 401 nor on a
 * 429). A success is parsed with the request's answer schema: an answer outside the contract
 * fails as `malformedAnswer`, naming the call and the field. A failure keeps the service's own
 * error message (`{ error: { message } }`) as `remoteMessage`; a 429 that is not waited out is
 * logged with its Retry-After. Only the BI client calls this.
 */
export function createBiRequester(options: BiRequesterOptions) {
  const base = `${options.apiUrl.replace(/\/+$/, '')}/v1.0/myorg`;
  const patience = options.throttlePatience ?? noPatience;

  /** Sends, retries (a 401 once, a 429 as patience allows) and throws a failure as BiServiceError. */
  async function exchange(
    credentials: BiCredentials,
    { method, path, body }: Omit<BiRequest<z.ZodType>, 'answer'>,
    streamSuccess = false,
  ): Promise<{ response: TransportResponse; detail: string }> {
    let response = await send(credentials, method, path, body, streamSuccess);
    if (response.status === 401 && !isStream(body)) {
      // The cached token may have been revoked early: one retry with a fresh one.
      options.tokens.forget(credentials.accountId);
      response = await send(credentials, method, path, body, streamSuccess);
    }
    for (let retry = 0; retry < patience.maxRetries && !isStream(body); retry++) {
      const waitMs = throttledFor(response);
      if (waitMs === undefined || waitMs > patience.maxWaitMs) break;
      await sleep(waitMs);
      response = await send(credentials, method, path, body, streamSuccess);
    }
    const detail = `${method} ${path}: HTTP ${response.status}${retryAfterNote(response)}`;
    if (response.status >= 200 && response.status < 300) return { response, detail };
    if (response.status === 429) {
      const retryAfter = response.headers['retry-after'];
      options.log.warn(
        { accountId: credentials.accountId, path, retryAfter },
        'BI service throttled',
      );
      throw throttledError(detail, throttledFor(response));
    }
    const remote = remoteErrorOf(response);
    throw new BiServiceError(
      failureFor(response.status),
      detail,
      undefined,
      remote?.message,
      remote?.code,
    );
  }

  /** `call`, with the success's `Retry-After` in ms (undefined without one): a poll's wait. */
  async function callWithRetryAfter<Answer extends z.ZodType>(
    credentials: BiCredentials,
    request: BiRequest<Answer>,
  ): Promise<{ answer: z.output<Answer>; retryAfterMs: number | undefined }> {
    const { response, detail } = await exchange(credentials, request);
    return {
      answer: parse(response, request.answer, detail),
      retryAfterMs: retryAfterMs(response.headers['retry-after'], Date.now()),
    };
  }

  async function call<Answer extends z.ZodType>(
    credentials: BiCredentials,
    request: BiRequest<Answer>,
  ): Promise<z.output<Answer>> {
    return (await callWithRetryAfter(credentials, request)).answer;
  }

  /** A GET whose success is a file: its body streamed, with the type the service gave. */
  async function download(credentials: BiCredentials, path: string): Promise<BiFile> {
    const { response, detail } = await exchange(credentials, { method: 'GET', path }, true);
    if (!response.body) {
      throw new BiServiceError(BiFailure.malformedAnswer, `${detail}: no file in the answer`);
    }
    return {
      stream: response.body,
      contentType: response.headers['content-type'] ?? 'application/octet-stream',
    };
  }

  async function send(
    credentials: BiCredentials,
    method: BiMethod,
    path: string,
    body: unknown,
    streamSuccess: boolean,
  ) {
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
      const url = `${base}${path}`;
      return await options.transport({ method, url, headers, streamSuccess, ...request });
    } catch (error) {
      throw new BiServiceError(
        BiFailure.unreachable,
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  return { call, callWithRetryAfter, download };
}
export type BiRequester = ReturnType<typeof createBiRequester>;
export type BiCall = BiRequester['call'];

function isStream(body: unknown): body is BiStreamBody {
  return typeof body === 'object' && body !== null && 'stream' in body;
}

/** The wait a 429 asks for, in milliseconds; undefined for any other answer. */
function throttledFor(response: TransportResponse): number | undefined {
  if (response.status !== 429) return undefined;
  return retryAfterMs(response.headers['retry-after'], Date.now());
}

function retryAfterNote(response: TransportResponse): string {
  const header = response.headers['retry-after'];
  return header ? ` (Retry-After: ${header})` : '';
}

function failureFor(status: number): BiFailure {
  if (status === 401 || status === 403) return BiFailure.forbidden;
  if (status === 404) return BiFailure.notFound;
  if (status >= 400 && status < 500) return BiFailure.rejected;
  return BiFailure.unexpected;
}

/** The answer as `answer` reads it; `detail` names the call in the error of a malformed one. */
function parse<Answer extends z.ZodType>(
  response: TransportResponse,
  answer: Answer,
  detail: string,
): z.output<Answer> {
  const parsed = answer.safeParse(jsonOf(response.text));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw new BiServiceError(
    BiFailure.malformedAnswer,
    `${detail}: answer outside the contract at ${field}: ${issue?.message ?? 'invalid'}`,
  );
}

/** The body as JSON; undefined when there is none (DELETE and 202) or it is not JSON. */
function jsonOf(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function remoteErrorOf(response: TransportResponse): { code: string; message: string } | undefined {
  return biErrorBodySchema.safeParse(jsonOf(response.text)).data?.error;
}
