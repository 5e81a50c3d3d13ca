import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { productVersion } from '@vitrina/contracts';

export const docsPrefix = '/api/docs';

/**
 * OpenAPI document generated from the routes' Zod schemas, browsable at /api/docs
 * (JSON at /api/docs/json). Must be installed before any route is registered.
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vitrina - API del portal',
        description:
          'API del portal de informes. Errores: `{ code, message }` con mensaje en español. ' +
          'Las llamadas que no son GET requieren la cabecera X-XSRF-TOKEN igual a la cookie XSRF-TOKEN.',
        version: productVersion,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: docsPrefix, staticCSP: true });
}
