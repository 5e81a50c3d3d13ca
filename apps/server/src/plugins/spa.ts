import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@vitrina/contracts';

const missingBuildPage = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Vitrina</title></head>
<body><h1>La aplicación web no está compilada</h1>
<p>No se encontró la carpeta <code>apps/web/dist</code>. Ejecute <code>npm run build</code>
(o <code>npm start</code>, que la compila) y vuelva a cargar esta página.</p></body></html>`;

/**
 * Serves the built SPA. Any GET outside /api/ that is not a file gets index.html so client-side
 * routes (/gateway, /viewer/:uid, …) survive a reload; unknown /api/ paths get a JSON 404.
 */
export async function installSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(response, path) {
        // Vite fingerprints everything under assets/, so those may be cached for good.
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        response.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ code: 'not_found', message: errorMessages.routeNotFound });
    }
    if (!built) return reply.status(503).type('text/html; charset=utf-8').send(missingBuildPage);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
