import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandler } from './error-handler.ts';
import { registerEmbedRoutes } from './embed-api/embed.routes.ts';
import { registerExportRoutes } from './embed-api/export.routes.ts';
import { registerQnaRoutes } from './embed-api/qna.routes.ts';
import { registerQueryRoutes } from './embed-api/query.routes.ts';
import { registerEmbedPages } from './embed-pages/embed-pages.routes.ts';
import { baseSecurityHeaders } from './embed-pages/security-headers.ts';
import { registerDiscoveryRoutes } from './identity/discovery.routes.ts';
import { registerOAuthRoutes } from './identity/oauth.routes.ts';
import { installRateLimit } from './rate-limit.ts';
import { registerGenerateTokenRoutes } from './rest/generate-token.routes.ts';
import { registerGroupRoutes } from './rest/groups.routes.ts';
import type { BiServices } from './services.ts';

export interface BuildAppOptions {
  logger?: boolean;
  /** Lets server.ts feed the same app from an HTTP and an HTTPS listener. */
  serverFactory?: FastifyServerFactory;
}

/** Builds the BI service (never listens): health, identity, Power BI REST, embed API and pages. */
export async function buildApp(
  services: BiServices,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(formbody);
  await installRateLimit(app, services.config.rateLimitPerMinute);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(baseSecurityHeaders);
  });

  app.get('/health', async () => ({ status: 'ok' }));

  registerDiscoveryRoutes(app);
  registerOAuthRoutes(app, services);
  await app.register(async (api) => {
    // Every Power BI REST and embed API call counts against its credential's rate limit.
    api.addHook('onRequest', api.rateLimit());
    registerGroupRoutes(api, services);
    registerGenerateTokenRoutes(api, services);
    registerEmbedRoutes(api, services);
    registerQueryRoutes(api, services);
    registerExportRoutes(api, services);
    registerQnaRoutes(api, services);
  });
  await registerEmbedPages(app, services.config);
  return app;
}
