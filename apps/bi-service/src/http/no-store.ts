import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Route hook for answers that carry tokens (the OAuth token endpoint, GenerateToken): no browser
 * or proxy may keep them. Set on request, so the route's error answers carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
