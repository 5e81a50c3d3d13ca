import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PowerBiError } from './rest/powerbi-error.ts';

/** Callers are told apart by their credential (one integration per token), else by address. */
function callerKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (!authorization) return `ip:${request.ip}`;
  return `auth:${createHash('sha256').update(authorization).digest('base64url')}`;
}

/**
 * Rate limiting for the API routes (opted in per route group with `config.rateLimit`): 429 in
 * Power BI's error shape, with Retry-After in seconds.
 */
export async function installRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: callerKey,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    addHeaders: {
      'retry-after': true,
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    errorResponseBuilder: (_request, context) =>
      new PowerBiError(429, 'TooManyRequests', `Rate limit exceeded, retry in ${context.after}`),
  });
}
