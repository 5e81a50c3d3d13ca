import { z } from 'zod';
import { entityId, opaqueId } from './fields.ts';
import { safeFileName } from './file-names.ts';
import { validationMessages } from './messages.ts';

/**
 * Access reviews (issue 30): an administrator reviews every (user, report) access under an
 * account, workspace or report, with each access's way in and last use, and decides per line
 * "Mantener" (keep) or "Quitar" (remove) before a due date.
 */

export const reviewDecisions = ['keep', 'remove'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

const decision = z.enum(reviewDecisions, {
  error: (issue) =>
    issue.input === undefined ? validationMessages.required : validationMessages.unknownOption,
});

const dueDateMessage = 'El campo requiere el formato AAAA-MM-DD.';

/** `POST reviews`: the scope is an account id (as text), a workspace or a report BI id. */
export const createReviewSchema = z.object({
  scope: z.object({ accountElementId: opaqueId }, { error: validationMessages.required }),
  /** The last day to decide (UTC, included); lines undecided after it are kept and escalated. */
  dueDate: z
    .string({ error: validationMessages.required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, dueDateMessage)
    .refine((day) => !Number.isNaN(Date.parse(day)), dueDateMessage),
});
export type CreateReview = z.infer<typeof createReviewSchema>;

/** The levels a grant can sit at, narrowest first. */
export const grantLevels = ['report', 'workspace', 'account'] as const;

/** How a user reaches the report: their own grants' levels, and provider groups with theirs. */
export const grantedThroughSchema = z.object({
  levels: z.array(z.enum(grantLevels)),
  groups: z.array(z.string()),
});
export type GrantedThrough = z.infer<typeof grantedThroughSchema>;

/** The screen's and the CSV's words for decisions and ways in. */
export const reviewDecisionNames: Record<ReviewDecision, string> = {
  keep: 'Mantener',
  remove: 'Quitar',
};
const grantLevelNames = { report: 'Directo', workspace: 'Área de trabajo', account: 'Cuenta' };

/** "Directo, Grupo ventas": how a user reaches the report, as "¿Por qué puede ver esto?" says. */
export const wayInText = (through: GrantedThrough): string =>
  [
    ...through.levels.map((level) => grantLevelNames[level]),
    ...through.groups.map((group) => `Grupo ${group}`),
  ].join(', ');

export const reviewLineSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  /** The report's BI id. */
  accountElementId: z.string(),
  reportName: z.string(),
  grantedThrough: grantedThroughSchema,
  /** The user's last open of the report (ISO 8601), or null when never opened. */
  lastUsed: z.string().nullable(),
  recommendation: z.enum(reviewDecisions),
  decision: z.enum(reviewDecisions).nullable(),
  decidedAt: z.string().nullable(),
  /** The administrator who decided (their username when they decided). */
  decidedBy: z.string().nullable(),
  /** Undecided at the due date: kept, and the administrators were told. */
  escalated: z.boolean(),
});
export type ReviewLine = z.infer<typeof reviewLineSchema>;

export const reviewSummarySchema = z.object({
  id: z.number(),
  scope: z.object({ accountElementId: z.string(), name: z.string() }),
  dueDate: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Lines with no decision yet. */
  pending: z.number(),
});
export const reviewListSchema = z.array(reviewSummarySchema);
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewSchema = reviewSummarySchema.extend({ lines: z.array(reviewLineSchema) });
export type Review = z.infer<typeof reviewSchema>;

/** The files a review is exported to as evidence. */
export type ReviewEvidenceFormat = 'csv' | 'pdf';

/** An evidence file's name, after the review: "Revisión 3 - Comercial.pdf". */
export const reviewFileName = (
  review: Pick<ReviewSummary, 'id' | 'scope'>,
  format: ReviewEvidenceFormat,
): string => safeFileName(`Revisión ${review.id} - ${review.scope.name}`, `.${format}`, 'revision');

/**
 * `PUT reviews/{id}/lines`: decisions per line, and/or `applyRecommendations` to decide every
 * undecided line as recommended. At least one of the two.
 */
export const putReviewLinesSchema = z
  .object({
    decisions: z
      .array(z.object({ lineId: entityId, decision }))
      .max(10_000)
      .optional(),
    applyRecommendations: z.boolean({ error: validationMessages.wrongType }).optional(),
  })
  .refine((body) => body.decisions !== undefined || body.applyRecommendations === true, {
    message: validationMessages.required,
    path: ['decisions'],
  });
export type PutReviewLines = z.infer<typeof putReviewLinesSchema>;
