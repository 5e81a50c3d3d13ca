import { z } from 'zod';
import { validationMessages } from './messages.ts';

/**
 * The audit log (issue 30): `GET /api/audit` lists entries newest first, filtered and paged by
 * an opaque cursor, or streams them all as CSV or JSON Lines (`format`).
 */

export const auditExportFormats = ['csv', 'jsonl'] as const;
export type AuditExportFormat = (typeof auditExportFormats)[number];
export const auditPageSize = 50;

export const auditMessages = {
  dateTime: 'El campo requiere una fecha AAAA-MM-DD o una fecha y hora ISO 8601.',
  cursor: 'El campo no es un cursor de esta lista.',
  range: 'La fecha "hasta" no puede ser anterior a la fecha "desde".',
} as const;

const optionalText = (max: number) =>
  z
    .string({ error: validationMessages.wrongType })
    .trim()
    .max(max, validationMessages.wrongType)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const isoDateOrTime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const dateTime = optionalText(40).refine(
  (value) => value === undefined || (isoDateOrTime.test(value) && !Number.isNaN(Date.parse(value))),
  auditMessages.dateTime,
);

export const auditQuerySchema = z
  .object({
    /** The acting user's username (exact). */
    user: optionalText(200),
    /** The action name (exact), such as `login.refused`. */
    action: optionalText(100),
    /** `type` or `type:id`, such as `user` or `user:12`. */
    target: optionalText(200),
    /** Inclusive start; a bare date is its first instant (UTC). */
    from: dateTime,
    /** Inclusive end; a bare date covers that whole day (UTC). */
    to: dateTime,
    cursor: optionalText(200).refine(
      (value) => value === undefined || /^[A-Za-z0-9_-]+$/.test(value),
      auditMessages.cursor,
    ),
    format: z.enum(auditExportFormats, { error: validationMessages.unknownOption }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from.slice(0, 10) <= query.to.slice(0, 10), {
    message: auditMessages.range,
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorUsername: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  category: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** Before and after values of a change (`before`, `after`) and other facts, as recorded. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  hash: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
