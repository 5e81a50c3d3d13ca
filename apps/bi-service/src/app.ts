import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyServerFactory,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from './auth/request-auth.ts';
import { installErrorHandler } from './error-handler.ts';
import { registerDatasetRoutes } from './embed-api/dataset.routes.ts';
import { registerAuthoringRoutes } from './embed-api/authoring.routes.ts';
import { registerEmbedRoutes } from './embed-api/embed.routes.ts';
import { registerEmbedPages } from './embed-pages/embed-pages.routes.ts';
import { baseSecurityHeaders } from './embed-pages/security-headers.ts';
import { registerDiscoveryRoutes } from './identity/discovery.routes.ts';
import { registerOAuthRoutes } from './identity/oauth.routes.ts';
import { installRateLimit } from './rate-limit.ts';
import { registerGenerateTokenRoutes } from './rest/generate-token.routes.ts';
import { registerGroupRoutes } from './rest/groups.routes.ts';
import { registerImportRoutes } from './rest/imports.routes.ts';
import { registerPostgresSourceRoutes } from './rest/postgres-sources.routes.ts';
import { registerPushDatasetRoutes } from './rest/push-datasets.routes.ts';
import { registerReportWriteRoutes } from './rest/report-writes.routes.ts';
import type { BiServices } from './services.ts';

export interface BuildAppOptions {
  logger?: boolean;
  /** Lets server.ts feed the same app from an HTTP and an HTTPS listener. */
  serverFactory?: FastifyServerFactory;
  /** Sees every route as it is added (the schema check and the fuzz read routes this way). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Adds to the app before its routes, so that hooks added here see every request. Only code can
   * pass it (the tests' own entry point installs their fault switch this way); no setting can.
   */
  configureApp?: (app: FastifyInstance) => void;
}

/** Builds the BI service (never listens): health, identity, Power BI REST, embed API and pages. */
export async function buildApp(
  services: BiServices,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind the proxy, request.ip is the client it forwards for: the limits key on it.
    trustProxy: services.config.trustProxy,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('membership', null);
  installErrorHandler(app);
  await app.register(formbody);
  // File imports: one file part, streamed to disk (decision 0136) up to the import limit (0223).
  await app.register(multipart, {
    limits: { files: 1, fileSize: services.config.imports.maxBytes },
  });
  // Imports under way stop as the app closes, so shutdown does not wait for them (decision 0223).
  app.addHook('preClose', () => services.imports.cancelAll());
  await installRateLimit(app, services.config.rateLimitPerMinute);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(baseSecurityHeaders);
  });

  options.configureApp?.(app);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  registerDiscoveryRoutes(typed);
  registerOAuthRoutes(typed, services);
  await app.register(async (api) => {
    // Who calls is settled first, so the rate limit counts the verified caller (or the address);
    // the routes' preHandlers then refuse what authentication refused.
    api.addHook('preValidation', async (request) => {
      request.auth = await authenticate(request.headers.authorization, services);
    });
    api.addHook('preValidation', api.rateLimit());
    const routes = api.withTypeProvider<ZodTypeProvider>();
    registerGroupRoutes(routes, services);
    registerGenerateTokenRoutes(routes, services);
    registerEmbedRoutes(routes, services);
    registerDatasetRoutes(routes, services);
    registerPushDatasetRoutes(routes, services);
    registerImportRoutes(routes, services);
    registerPostgresSourceRoutes(routes, services);
    registerAuthoringRoutes(routes, services);
    registerReportWriteRoutes(routes, services);
  });
  await registerEmbedPages(app, services.config);
  return app;
}
