import {
  errorMessages,
  errorResponseSchema,
  errorStatus,
  fieldLabels,
  type ErrorCode,
} from '@vitrina/contracts';

/**
 * The one error type services throw. The error handler turns it into
 * `status(code)` + `{ code, message }`; `message` must be Spanish and safe to show.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** Extra response headers (for example Retry-After). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** Shorthands for the common cases. */
export const appErrors = {
  unauthorized: () => new AppError('unauthorized', errorMessages.unauthorized),
  forbidden: () => new AppError('forbidden', errorMessages.forbidden),
  notFound: (message: string = errorMessages.notFound) => new AppError('not_found', message),
  /** A rule the schema cannot express; the message names the field like schema errors do. */
  validation: (field: string, message: string) =>
    new AppError('validation_failed', `${fieldLabels[field] ?? field}: ${message}`, { field }),
  conflict: (message: string) => new AppError('conflict', message),
};

/** The `{ code, message }` answer under each of `statuses`, for a route's response schema. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}
