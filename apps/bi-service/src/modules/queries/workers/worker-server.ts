/**
 * A query worker on another machine (`npm run start:bi-worker`, decision 0308): the BI service
 * sends it pages over HTTP, and it runs them on the published copies it reads from a shared
 * mount. It trusts the identity a page carries, so it answers only the holder of the secret
 * (`BI_WORKER_SECRET`), compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PageExecutor } from './page-executor.ts';
import type { PageJob } from './worker-messages.ts';

export const workerEnvSchema = z.object({
  BI_WORKER_HOST: z.string().min(1).default('127.0.0.1'),
  BI_WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
  BI_WORKER_SECRET: z.string().min(32, 'at least 32 characters'),
  /** Where the service's `DATA_DIR/bi/published` is mounted (read-only) on this machine. */
  BI_PUBLISHED_DIR: z.string().min(1),
  /** DuckDB threads for the pages (default: every core). */
  BI_WORKER_THREADS: z.coerce.number().int().min(1).optional(),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Pages are parsed queries, checked by the service already; the body is capped, not re-checked. */
const bodyLimit = 16 * 1024 * 1024;

export function buildWorkerServer(executor: PageExecutor, secret: string): FastifyInstance {
  const app = Fastify({ logger: { level: process.env['LOG_LEVEL'] ?? 'info' }, bodyLimit });
  const expected = digest(`Bearer ${secret}`);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/health') return;
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) return reply.code(401).send({ error: 'unauthorized' });
  });
  app.get('/health', async () => ({ status: 'ok' }));
  app.post('/pages', async (request) => executor.run(request.body as PageJob));
  app.post('/forget', async (request) => {
    await executor.forget(z.object({ copy: z.string() }).parse(request.body).copy);
    return { forgotten: true };
  });
  return app;
}
