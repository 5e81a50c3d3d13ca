import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** The OAuth2 errors this service answers with, each with its Entra ID (AADSTS) code. */
export const aadErrors = {
  missingParameter: { status: 400, error: 'invalid_request', code: 900144 },
  unsupportedGrant: { status: 400, error: 'unsupported_grant_type', code: 70003 },
  invalidScope: { status: 400, error: 'invalid_scope', code: 70011 },
  unknownClient: { status: 400, error: 'unauthorized_client', code: 700016 },
  invalidSecret: { status: 401, error: 'invalid_client', code: 7000215 },
  invalidCredentials: { status: 400, error: 'invalid_grant', code: 50126 },
  mfaRequired: { status: 400, error: 'invalid_grant', code: 50076 },
  publicClientCredentials: { status: 401, error: 'invalid_client', code: 7000218 },
  tooManyRequests: { status: 429, error: 'temporarily_unavailable', code: 50196 },
} as const;

export type AadErrorKind = keyof typeof aadErrors;

/** Sends an OAuth2 error in Entra ID's JSON shape. */
export function sendAadError(reply: FastifyReply, kind: AadErrorKind, description: string) {
  const { status, error, code } = aadErrors[kind];
  const timestamp = new Date()
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
  return reply.status(status).send({
    error,
    error_description: `AADSTS${code}: ${description}\r\nTimestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: randomUUID(),
    correlation_id: randomUUID(),
  });
}
