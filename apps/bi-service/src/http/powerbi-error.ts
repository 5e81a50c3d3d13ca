/** Error codes the service answers with, in Power BI's own spelling. */
export type PowerBiErrorCode =
  | 'InvalidRequest'
  | 'TokenExpired'
  | 'PowerBINotAuthorizedException'
  | 'PowerBIEntityNotFound'
  | 'ReportRevisionConflict'
  | 'DataSourceUnreachable'
  | 'DataSourceRoleNotAllowed'
  | 'DataSourceQueryFailed'
  | 'TooManyRequests'
  | 'ServiceUnavailable'
  | 'InternalServerError';

/** An error that the error handler turns into `{ error: { code, message } }` with its status. */
export class PowerBiError extends Error {
  readonly code: PowerBiErrorCode;
  readonly statusCode: number;
  constructor(statusCode: number, code: PowerBiErrorCode, message: string) {
    super(message);
    this.name = 'PowerBiError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const invalidRequest = (message: string) => new PowerBiError(400, 'InvalidRequest', message);
export const notAuthorized = (message: string, status: 401 | 403 = 403) =>
  new PowerBiError(status, 'PowerBINotAuthorizedException', message);
export const entityNotFound = (what: string) =>
  new PowerBiError(404, 'PowerBIEntityNotFound', `${what} not found`);
/** Someone else saved the report since the author's base revision (decision 0165). */
export const revisionConflict = (reportId: string, baseRevision: number, current: number) =>
  new PowerBiError(
    409,
    'ReportRevisionConflict',
    `Report ${reportId} was saved as revision ${current} after revision ${baseRevision}; save as to keep these changes`,
  );

/** The Power BI error body. */
export function powerBiErrorBody(code: string, message: string) {
  return { error: { code, message } };
}
