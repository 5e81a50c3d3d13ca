import { CodedHttpError, type BiErrorBody, type PowerBiErrorCode } from '@vitrina/bi-model';

/** An error that the error handler turns into `{ error: { code, message } }` with its status. */
export class PowerBiError extends CodedHttpError<PowerBiErrorCode> {
  override name = 'PowerBiError';
  /** The status under Fastify's name for it, which the error handler and callers read. */
  readonly statusCode = this.status;
  /** Sent as `Retry-After` (429, as Power BI's busy answers). */
  retryAfterSeconds: number | undefined;
}

export const invalidRequest = (message: string) => new PowerBiError(400, 'InvalidRequest', message);
export const notAuthorized = (message: string, status: 401 | 403 = 403) =>
  new PowerBiError(status, 'PowerBINotAuthorizedException', message);
export const entityNotFound = (what: string) =>
  new PowerBiError(404, 'PowerBIEntityNotFound', `${what} not found`);
/** Busy: the error handler sends `Retry-After` with it. */
export function tooManyRequests(message: string, retryAfterSeconds: number): PowerBiError {
  const error = new PowerBiError(429, 'TooManyRequests', message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}
/** Someone else saved the report since the author's base revision (decision 0165). */
export const revisionConflict = (reportId: string, baseRevision: number, current: number) =>
  new PowerBiError(
    409,
    'ReportRevisionConflict',
    `Report ${reportId} was saved as revision ${current} after revision ${baseRevision}; save as to keep these changes`,
  );

/** The Power BI error body. */
export function powerBiErrorBody(code: PowerBiErrorCode, message: string): BiErrorBody {
  return { error: { code, message } };
}
