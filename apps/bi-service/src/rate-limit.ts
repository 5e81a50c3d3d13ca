import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { rateLimitKey } from './auth/request-auth.ts';
import { PowerBiError } from './http/powerbi-error.ts';

/**
 * Rate limiting for the API routes (opted in per route group with `config.rateLimit`, or as a
 * hook after authentication): 429 in Power BI's error shape, with Retry-After in seconds. Callers
 * are told apart by their verified identity, else by address (see rateLimitKey).
 */
export async function installRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
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
