import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { BiConfig } from '../../config.ts';
import { frameMissingPage } from './frame-missing.ts';
import { embedPagePolicy } from '../../http/security-headers.ts';

/** The embed pages of docs/bi-embed-api.md: each one is the report frame's index.html. */
export const embedPagePaths = [
  '/reportEmbed',
  '/dashboardEmbed',
  '/embed',
  '/qnaEmbed',
  '/rdlEmbed',
] as const;

const oneYear = 365 * 24 * 60 * 60;

/**
 * Serves the built report frame. The HTML is read on each request (the frame may be rebuilt while
 * the service runs) and never cached; hashed assets under /frame-assets/assets/ are immutable.
 */
export async function registerEmbedPages(app: FastifyInstance, config: BiConfig): Promise<void> {
  const policy = embedPagePolicy(config.allowedOrigins);
  const indexFile = join(config.frameDist, 'index.html');

  for (const path of embedPagePaths) {
    app.get(path, async (_request, reply) => {
      reply.header('content-security-policy', policy).header('cache-control', 'no-cache');
      reply.type('text/html; charset=utf-8');
      try {
        return await readFile(indexFile, 'utf8');
      } catch {
        return reply.status(503).header('cache-control', 'no-store').send(frameMissingPage);
      }
    });
  }

  await app.register(fastifyStatic, {
    root: config.frameDist,
    prefix: '/frame-assets/',
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const hashed = filePath.startsWith(join(config.frameDist, 'assets'));
      response.header(
        'cache-control',
        hashed ? `public, max-age=${oneYear}, immutable` : 'public, max-age=3600',
      );
      response.header('content-security-policy', policy);
    },
  });
}
