import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PowerBiError, powerBiErrorBody } from './powerbi-error.ts';

/** Answers every failure in Power BI's error shape; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Embed token refusals are PowerBiErrors too.
    if (error instanceof PowerBiError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(powerBiErrorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map(
        (issue) => issue.instancePath.replace(/^\//, '') || 'body',
      );
      return reply
        .status(400)
        .send(powerBiErrorBody('InvalidRequest', `Invalid field(s): ${fields.join(', ')}`));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(powerBiErrorBody('TooManyRequests', 'Too many requests, retry later'));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(powerBiErrorBody('InvalidRequest', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(powerBiErrorBody('InternalServerError', 'An internal error occurred'));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(powerBiErrorBody('PowerBIEntityNotFound', 'No such resource')),
  );
}
