/**
 * Datasets over a PostgreSQL source (copied in on refresh, as Power BI's import mode), their
 * refresh history and refresh schedule, in Power BI's shapes where Power BI has one.
 */
import { z } from 'zod';

/** `POST …/groups/{g}/datasets/postgresql`: tables (`schema.table`) and named queries to copy in. */
export const postgresDatasetRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** `postgres://user:password@host:port/database`; stored encrypted, never returned. */
    connectionString: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'A postgres:// or postgresql:// URL')
      .max(2000),
    tables: z
      .array(z.string().regex(/^[^.\s]+\.[^.\s]+$/, 'schema.table'))
      .max(100)
      .default([]),
    queries: z
      .array(
        z.object({ name: z.string().trim().min(1).max(100), sql: z.string().min(1).max(20_000) }),
      )
      .max(100)
      .default([]),
  })
  .meta({ id: 'PostgresDatasetRequest' });
export type PostgresDatasetRequest = z.infer<typeof postgresDatasetRequestSchema>;

/** `POST …/refreshes` body: Power BI's options; a refresh of the bundled service copies everything. */
export const refreshRequestSchema = z
  .object({
    notifyOption: z.enum(['NoNotification', 'MailOnFailure', 'MailOnCompletion']).optional(),
  })
  .meta({ id: 'RefreshRequest' });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshStatusSchema = z.enum(['Unknown', 'Completed', 'Failed', 'Disabled']);

/** One entry of `GET …/refreshes` (Power BI's Refresh). */
export const refreshSchema = z
  .object({
    requestId: z.string(),
    id: z.number(),
    /** Power BI's kinds; the bundled service answers the first three. */
    refreshType: z.enum([
      'Scheduled',
      'OnDemand',
      'ViaApi',
      'ViaEnhancedApi',
      'ViaXmlaEndpoint',
      'OnDemandTraining',
    ]),
    startTime: z.string(),
    endTime: z.string().optional(),
    status: refreshStatusSchema,
    /** Set on failure: `{"errorCode":…,"errorDescription":…}` as Power BI writes it. */
    serviceExceptionJson: z.string().optional(),
  })
  .meta({ id: 'Refresh' });
export type Refresh = z.infer<typeof refreshSchema>;

/** What a failed refresh's `serviceExceptionJson` holds. */
export const serviceExceptionSchema = z.object({
  errorCode: z.string().optional(),
  errorDescription: z.string().optional(),
});

export const weekDays = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Power BI's RefreshSchedule: on these days, at these local times (HH:MM, on the hour or half). */
export const refreshScheduleSchema = z
  .object({
    enabled: z.boolean(),
    days: z.array(z.enum(weekDays)).max(7),
    times: z.array(z.string().regex(/^([01]\d|2[0-3]):(00|30)$/, 'HH:00 or HH:30')).max(48),
    localTimeZoneId: z.string().min(1).max(100),
    notifyOption: z.enum(['NoNotification', 'MailOnFailure']).optional(),
  })
  .meta({ id: 'RefreshSchedule' });
export type RefreshSchedule = z.infer<typeof refreshScheduleSchema>;

/** `PATCH …/refreshSchedule` body: the members to change. */
export const refreshSchedulePatchSchema = z.object({ value: refreshScheduleSchema.partial() });
