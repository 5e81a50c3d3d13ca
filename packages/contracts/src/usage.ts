import { z } from 'zod';
import { idParam, opaqueId, requiredString } from './fields.ts';
import { validationMessages } from './messages.ts';

/**
 * Usage (issue 30): each report open the viewer reports, and what the administrators read of
 * them. Reports are named by their portal `uId`; times are milliseconds.
 */

export const deviceClasses = ['desktop', 'phone'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** An hour is far past any open the viewer waits for; longer figures are a clock gone wrong. */
const maxPhaseMs = 3_600_000;
const phaseMs = z
  .number({ error: validationMessages.wrongType })
  .int(validationMessages.wrongType)
  .min(0, validationMessages.wrongType)
  .max(maxPhaseMs, validationMessages.wrongType);

/** The SDK's phases of one open; a phase the open never reached is left out. */
export const openPhasesSchema = z.object({
  /** The portal's `viewer/report/{uid}` call (the embed token). */
  tokenMs: phaseMs.optional(),
  /** `embed()` until the SDK's `loaded` event. */
  loadedMs: phaseMs.optional(),
  /** `loaded` until `rendered`. */
  renderedMs: phaseMs.optional(),
  /** From the start of the open until `rendered`. */
  totalMs: phaseMs.optional(),
});
export type OpenPhases = z.infer<typeof openPhasesSchema>;

/** `POST usage/opens`: one open, sent by the viewer once it rendered or failed. */
export const usageOpenSchema = z.object({
  reportUid: opaqueId,
  phases: openPhasesSchema,
  /** The page shown first (its display name), when the SDK named one. */
  page: requiredString(200).optional(),
  /** The error's code (portal API code or the SDK's), when the open failed. */
  errorCode: requiredString(100).optional(),
  device: z.enum(deviceClasses, {
    error: (issue) =>
      issue.input === undefined ? validationMessages.required : validationMessages.unknownOption,
  }),
});
export type UsageOpen = z.infer<typeof usageOpenSchema>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'El campo requiere el formato AAAA-MM-DD.')
  .refine((day) => !Number.isNaN(Date.parse(day)), 'El campo requiere el formato AAAA-MM-DD.');

/** The filters of every usage read: a date range (UTC days, both included), account, workspace. */
export const usageFilterSchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  accountId: idParam.optional(),
  workspaceId: opaqueId.optional(),
  /** `csv` answers the same figures as a Spanish CSV file. */
  format: z.enum(['json', 'csv'], { error: validationMessages.unknownOption }).optional(),
});
export type UsageFilter = z.infer<typeof usageFilterSchema>;

export const usageReportParamsSchema = z.object({ uId: opaqueId });

const percentilesSchema = z.object({
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
});
export type Percentiles = z.infer<typeof percentilesSchema>;

/** One UTC day of a chart: opens and distinct viewers. */
export const usageDaySchema = z.object({
  day: z.string(),
  opens: z.number(),
  viewers: z.number(),
});

export const usageErrorCountSchema = z.object({ code: z.string(), count: z.number() });

/** The figures of a set of opens (one report, one user, or all of them). */
const usageFiguresSchema = percentilesSchema.extend({
  opens: z.number(),
  viewers: z.number(),
  /** Percentiles of each phase; `p50Ms`… above are those of the total to `rendered`. */
  phases: z.object({
    tokenMs: percentilesSchema,
    loadedMs: percentilesSchema,
    renderedMs: percentilesSchema,
  }),
  errors: z.array(usageErrorCountSchema),
  lastOpen: z.string().nullable(),
  days: z.array(usageDaySchema),
});

/** `GET usage/reports/{uId}`. */
export const reportUsageSchema = usageFiguresSchema.extend({
  reportUid: z.string(),
  name: z.string(),
});
export type ReportUsage = z.infer<typeof reportUsageSchema>;

/** One open as a user's history lists it. */
export const userOpenSchema = z.object({
  at: z.string(),
  reportUid: z.string(),
  reportName: z.string(),
  page: z.string().nullable(),
  totalMs: z.number().nullable(),
  errorCode: z.string().nullable(),
  device: z.enum(deviceClasses),
});

/** `GET usage/users/{id}`: what the user opened and when (newest first), and their figures. */
export const userUsageSchema = usageFiguresSchema.extend({
  userId: z.number(),
  username: z.string(),
  recent: z.array(userOpenSchema),
});
export type UserUsage = z.infer<typeof userUsageSchema>;

/** A row of the "Uso" overview: one report's opens in the range. */
export const usageReportRowSchema = percentilesSchema.extend({
  reportUid: z.string(),
  name: z.string(),
  account: z.string(),
  workspace: z.string(),
  opens: z.number(),
  viewers: z.number(),
  errors: z.number(),
  lastOpen: z.string().nullable(),
});

/** `GET usage`: all opens in the range, per report, and the reports nobody opened in 90 days. */
export const usageOverviewSchema = usageFiguresSchema.extend({
  reports: z.array(usageReportRowSchema),
  unused: z.array(
    z.object({
      reportUid: z.string(),
      name: z.string(),
      account: z.string(),
      workspace: z.string(),
      lastOpen: z.string().nullable(),
    }),
  ),
});
export type UsageOverview = z.infer<typeof usageOverviewSchema>;

/** Days without an open after which a report is listed as unused (and a review recommends removal). */
export const unusedAfterDays = 90;
