import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandler } from './error-handler.ts';
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

  app.get('/health', async () => ({ status: 'ok' }));

  void services;
  return app;
}
