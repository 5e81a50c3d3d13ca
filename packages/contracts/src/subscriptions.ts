import { z } from 'zod';
import { maxBookmarkStateLength } from './exports.ts';
import { entityId, opaqueId, requiredString } from './fields.ts';
import { maxLengthMessage, validationMessages } from './messages.ts';

/**
 * Subscriptions (issue 28): a report mailed on a schedule, each recipient rendered under their
 * own effective identity. The schedule is local time in an IANA zone (decision 0254).
 */

export const subscriptionFormats = ['PDF', 'PNG'] as const;
/** `afterRefresh`: after each completed refresh of the report's dataset (decision 0297). */
export const subscriptionFrequencies = ['daily', 'weekly', 'monthly', 'afterRefresh'] as const;
export type SubscriptionFrequency = (typeof subscriptionFrequencies)[number];
export const defaultTimeZone = 'America/Lima';
export const maxRecipients = 1000;
export const maxRecipientGroups = 100;

export const subscriptionMessages = {
  time: 'El campo requiere el formato HH:mm (por ejemplo 08:00).',
  timeZone: 'El campo requiere una zona horaria IANA (por ejemplo America/Lima).',
  date: 'El campo requiere el formato AAAA-MM-DD.',
  weeklyDays: 'Elija uno o más días de la semana (1 = lunes … 7 = domingo).',
  monthlyDay: 'Elija un día del mes (1 a 31).',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la de inicio.',
  duplicateRecipient: 'Un destinatario está repetido.',
  duplicateGroup: 'Un grupo está repetido.',
  noRecipients: 'Elija al menos un usuario o un grupo.',
} as const;

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? validationMessages.required : validationMessages.unknownOption,
  });

/** True when the running platform knows `zone` as an IANA time zone. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

const isoDate = requiredString(10).regex(/^\d{4}-\d{2}-\d{2}$/, subscriptionMessages.date);

export const subscriptionScheduleSchema = z
  .object({
    frequency: enumOf(subscriptionFrequencies),
    /** Local time of the send; not used (and optional) after each refresh. */
    time: requiredString(5)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, subscriptionMessages.time)
      .optional(),
    /** Also bounds an `afterRefresh` subscription: its start and end dates are local days here. */
    timeZone: requiredString(64).refine(isTimeZone, subscriptionMessages.timeZone),
    /** Weekly: ISO weekdays (1 Monday … 7 Sunday). Monthly: one day of the month (1–31). */
    days: z
      .array(
        z
          .number({ error: validationMessages.wrongType })
          .int(validationMessages.wrongType)
          .min(1, validationMessages.wrongType)
          .max(31, validationMessages.wrongType),
        { error: validationMessages.wrongType },
      )
      .max(7, validationMessages.wrongType)
      .optional(),
  })
  .superRefine((schedule, context) => {
    if (schedule.time === undefined && schedule.frequency !== 'afterRefresh') {
      context.addIssue({ code: 'custom', path: ['time'], message: validationMessages.required });
    }
    const days = schedule.days ?? [];
    if (schedule.frequency === 'weekly' && (days.length === 0 || days.some((d) => d > 7))) {
      context.addIssue({
        code: 'custom',
        path: ['days'],
        message: subscriptionMessages.weeklyDays,
      });
    }
    if (schedule.frequency === 'monthly' && days.length !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['days'],
        message: subscriptionMessages.monthlyDay,
      });
    }
  });
export type SubscriptionSchedule = z.infer<typeof subscriptionScheduleSchema>;

/** `POST subscriptions` and `PUT subscriptions/{id}`. */
export const subscriptionBodySchema = z
  .object({
    reportUid: opaqueId,
    /** Portal users; with `recipientGroups`, at least one user or group. */
    recipients: z
      .array(entityId, { error: validationMessages.required })
      .max(maxRecipients, validationMessages.wrongType)
      .refine((ids) => new Set(ids).size === ids.length, subscriptionMessages.duplicateRecipient),
    /**
     * Provider groups (administrators only), expanded to their members at each send: a member
     * reached twice gets one mail (decision 0298).
     */
    recipientGroups: z
      .array(requiredString(256), { error: validationMessages.wrongType })
      .max(maxRecipientGroups, validationMessages.wrongType)
      .refine((names) => new Set(names).size === names.length, subscriptionMessages.duplicateGroup)
      .optional(),
    format: enumOf(subscriptionFormats),
    /** Page names to send; omitted (or empty) sends every visible page. */
    pages: z.array(opaqueId, { error: validationMessages.wrongType }).max(50).optional(),
    /** The view as the viewer's SDK captured it; omitted sends the report's default view. */
    bookmarkState: z
      .string({ error: validationMessages.wrongType })
      .min(1, validationMessages.required)
      .max(maxBookmarkStateLength, validationMessages.wrongType)
      .optional(),
    schedule: subscriptionScheduleSchema,
    /** First local day the subscription may run (in the schedule's zone); default today. */
    startDate: isoDate.optional(),
    /** Last local day it may run; none runs on. */
    endDate: isoDate.optional(),
    subject: requiredString(200),
    message: z
      .string({ error: validationMessages.wrongType })
      .max(2000, maxLengthMessage(2000))
      .optional(),
    paused: z.boolean({ error: validationMessages.wrongType }).optional(),
  })
  .superRefine((body, context) => {
    if (body.recipients.length === 0 && (body.recipientGroups ?? []).length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['recipients'],
        message: validationMessages.required,
      });
    }
    if (body.startDate && body.endDate && body.endDate < body.startDate) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: subscriptionMessages.endBeforeStart,
      });
    }
  });
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

export const recipientOutcomes = ['pending', 'sent', 'skipped', 'failed'] as const;
export type RecipientOutcome = (typeof recipientOutcomes)[number];

/** One recipient of one run: `skipped` carries a `reason`, `failed` the `error`. */
export const subscriptionDeliverySchema = z.object({
  userId: z.number().int(),
  outcome: z.enum(recipientOutcomes),
  reason: z.string().optional(),
  error: z.string().optional(),
  attempts: z.number().int(),
  at: z.string().optional(),
});
export type SubscriptionDelivery = z.infer<typeof subscriptionDeliverySchema>;

export const subscriptionRunSchema = z.object({
  id: z.number().int(),
  /**
   * The occurrence it stands for (UTC ISO); "Enviar ahora" is due when asked, a refresh's run
   * when the refresh ended.
   */
  dueAt: z.string(),
  trigger: z.enum(['schedule', 'manual', 'refresh']),
  /** True when it ran after its time because the portal was down then. */
  late: z.boolean(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  recipients: z.array(subscriptionDeliverySchema),
});
export type SubscriptionRun = z.infer<typeof subscriptionRunSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  reportUid: z.string(),
  reportName: z.string(),
  ownerId: z.number().int(),
  recipients: z.array(z.number().int()),
  recipientGroups: z.array(z.string()),
  format: z.enum(subscriptionFormats),
  pages: z.array(z.string()),
  bookmarkState: z.string().optional(),
  schedule: z.object({
    frequency: z.enum(subscriptionFrequencies),
    time: z.string().optional(),
    timeZone: z.string(),
    days: z.array(z.number().int()).optional(),
  }),
  startDate: z.string(),
  endDate: z.string().optional(),
  subject: z.string(),
  message: z.string(),
  paused: z.boolean(),
  /** The next scheduled send (UTC ISO), none when paused, past its end or after refreshes. */
  nextRunAt: z.string().optional(),
  lastRun: subscriptionRunSchema.optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * `GET subscriptions/{id}/view`: the view a subscription sends, for the mail's link to open the
 * report the same way (its owner, an administrator, or one of its recipients).
 */
export const subscriptionViewSchema = z.object({
  reportUid: z.string(),
  pages: z.array(z.string()),
  bookmarkState: z.string().optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** `GET subscriptions/pages?reportUid=`: the pages a subscription may choose, in order. */
export const reportPagesSchema = z.array(z.object({ name: z.string(), displayName: z.string() }));
export type ReportPage = z.infer<typeof reportPagesSchema>[number];
export const reportPagesQuerySchema = z.object({ reportUid: opaqueId });

export const subscriptionRunsSchema = z.array(subscriptionRunSchema);
export const subscriptionsSchema = z.array(subscriptionSchema);

/** `POST subscriptions/{id}/send` ("Enviar ahora") takes an empty JSON object, as every write. */
export const sendNowRequestSchema = z.object({}).strict();

/** `POST subscriptions/unsubscribe`: the token of the link in every mail (no login). */
export const unsubscribeQuerySchema = z.object({ token: requiredString(2000) });
export const unsubscribeAnswerSchema = z.object({ message: z.string() });
