/** How the Power BI REST dialect (and the embed API beside it) says that a call failed. */
import { z } from 'zod';

/** The error codes the bundled BI service answers with, in Power BI's own spelling. */
export const powerBiErrorCodes = [
  'InvalidRequest',
  'TokenExpired',
  'PowerBINotAuthorizedException',
  'PowerBIEntityNotFound',
  'ReportRevisionConflict',
  'DataSourceUnreachable',
  'DataSourceRoleNotAllowed',
  'DataSourceQueryFailed',
  'TooManyRequests',
  /** An import cancelled because the service is shutting down. */
  'ServiceUnavailable',
  'InternalServerError',
] as const;
export const powerBiErrorCodeSchema = z.enum(powerBiErrorCodes);
export type PowerBiErrorCode = z.infer<typeof powerBiErrorCodeSchema>;

/**
 * Every failure of the REST and embed APIs: Power BI's error shape. `code` stays a string, since
 * Power BI itself answers codes beyond the ones above.
 */
export const biErrorBodySchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'BiErrorBody' });
export type BiErrorBody = z.infer<typeof biErrorBodySchema>;

export { CodedHttpError } from './coded-http-error.ts';
