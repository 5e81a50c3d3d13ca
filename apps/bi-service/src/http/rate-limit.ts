import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PowerBiError } from './powerbi-error.ts';

/**
 * Rate limiting for the API routes (opted in per route group with `config.rateLimit`, or as a
 * hook after authentication): 429 in Power BI's error shape, with Retry-After in seconds. Callers
 * are told apart by `keyOf` (the identity module's: verified identity, else address).
 */
export async function installRateLimit(
  app: FastifyInstance,
  perMinute: number,
  keyOf: (request: FastifyRequest) => string,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: keyOf,
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
