import { z } from 'zod';

/** The web receives the portal's failures in the same shape as the BI callers receive theirs. */
export { CodedHttpError } from '@vitrina/bi-model/rest';

/** Stable error codes of the portal API; the HTTP status is derived from the code. */
export const errorCodes = {
  validationFailed: 'validation_failed',
  invalidCredentials: 'invalid_credentials',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  /** The report's dataset has row-level security and the viewer has no identity (fail closed). */
  identityRequired: 'identity_required',
  notFound: 'not_found',
  conflict: 'conflict',
  tooManyRequests: 'too_many_requests',
  xsrfMismatch: 'xsrf_mismatch',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  badGateway: 'bad_gateway',
  internal: 'internal',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** HTTP status for each error code. */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  validation_failed: 400,
  invalid_credentials: 401,
  unauthorized: 401,
  forbidden: 403,
  identity_required: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  xsrf_mismatch: 403,
  payload_too_large: 413,
  unsupported_media_type: 415,
  bad_gateway: 502,
  internal: 500,
};

/** Body of every error response: `message` is Spanish and safe to show. */
export const errorResponseSchema = z.object({
  code: z.enum(Object.values(errorCodes) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  /** For validation errors: the path of the offending field (e.g. `mail`, `0.userId`). */
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
