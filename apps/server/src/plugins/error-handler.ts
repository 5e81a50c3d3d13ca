import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, fieldLabels, type ErrorCode, type ErrorResponse } from '@vitrina/contracts';
import { AppError } from '../errors.ts';

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** `['0', 'userId']` → `Usuario`; falls back to the raw key, or nothing for the body itself. */
function labelOf(path: string[]): string | undefined {
  const key = [...path].reverse().find((segment) => !/^\d+$/.test(segment));
  return key === undefined ? undefined : (fieldLabels[key] ?? key);
}

/** Fastify's own client errors, by their code, mapped to ours. */
const fastifyClientErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'validation_failed',
    message: errorMessages.malformedJson,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'validation_failed', message: errorMessages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: errorMessages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: errorMessages.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'validation_failed',
    message: errorMessages.malformedJson,
  },
};

/**
 * Turns every error into `{ code, message }` with a Spanish message. Validation errors name
 * the field; 5xx errors are logged with their cause and answered with a generic text.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const body: ErrorResponse = { code: error.code, message: error.message };
      if (error.field) body.field = error.field;
      return send(reply, error.status, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = (first?.instancePath ?? '/').split('/').filter(Boolean);
      const label = labelOf(path);
      const text = first?.message ?? errorMessages.malformedJson;
      return send(reply, 400, {
        code: 'validation_failed',
        message: label ? `${label}: ${text}` : `${errorMessages.invalidBody} ${text}`,
        ...(path.length > 0 ? { field: path.join('.') } : {}),
      });
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return send(reply, error.statusCode ?? 400, known);
    if (error instanceof SyntaxError)
      return send(reply, 400, fastifyClientErrors.FST_ERR_CTP_INVALID_JSON_BODY!);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, {
        code: 'validation_failed',
        message: errorMessages.invalidBody,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 'internal', message: errorMessages.internal });
  });
}
