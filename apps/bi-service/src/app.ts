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
import { authenticate, rateLimitKey } from './modules/identity/request-auth.ts';
import { drainUnreadBody } from './http/unread-body.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { registerQueryRoutes } from './modules/queries/query.routes.ts';
import { registerAuthoringRoutes } from './modules/embed-api/authoring.routes.ts';
import { registerEmbedRoutes } from './modules/embed-api/embed.routes.ts';
import { registerEmbedPages } from './modules/embed-pages/embed-pages.routes.ts';
import { baseSecurityHeaders } from './http/security-headers.ts';
import { registerDiscoveryRoutes } from './modules/identity/discovery.routes.ts';
import { registerOAuthRoutes } from './modules/identity/oauth.routes.ts';
import { installRateLimit } from './http/rate-limit.ts';
import { registerGenerateTokenRoutes } from './modules/embed-tokens/generate-token.routes.ts';
import { registerGroupRoutes } from './modules/content/groups.routes.ts';
import { registerImportRoutes } from './modules/imports/imports.routes.ts';
import { registerPostgresSourceRoutes } from './modules/postgres-sources/postgres-sources.routes.ts';
import { registerPushDatasetRoutes } from './modules/push-datasets/push-datasets.routes.ts';
import { registerReportWriteRoutes } from './modules/content/report-writes.routes.ts';
import { registerExportRoutes } from './modules/exports/exports.routes.ts';
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
  // Exports under way end while the frame they draw can still be reached, and the export
  // browser closes, ending its connections to this app (decision 0245).
  app.addHook('preClose', () => services.exports.stop());
  await installRateLimit(app, services.config.rateLimitPerMinute, rateLimitKey);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(baseSecurityHeaders);
  });
  app.addHook('onSend', drainUnreadBody);

  options.configureApp?.(app);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Liveness, and whether exports can be drawn (a missing chromium does not stop the service).
  const exportHealth = z.union([
    z.object({ available: z.literal(true) }),
    z.object({ available: z.literal(false), reason: z.string() }),
  ]);
  typed.get(
    '/health',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ok'), export: exportHealth }) },
      },
    },
    async () => ({ status: 'ok' as const, export: await services.exports.availability() }),
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
    registerQueryRoutes(routes, services);
    registerPushDatasetRoutes(routes, services);
    registerImportRoutes(routes, services);
    registerPostgresSourceRoutes(routes, services);
    registerAuthoringRoutes(routes, services);
    registerReportWriteRoutes(routes, services);
    registerExportRoutes(routes, services);
  });
  await registerEmbedPages(app, services.config);
  return app;
}
