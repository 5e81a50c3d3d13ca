import type { Kysely } from 'kysely';
import {
  errorMessages,
  grantLevels,
  unusedAfterDays,
  reviewFileName,
  roles,
  type CreateReview,
  type GrantedThrough,
  type PutReviewLines,
  type Review,
  type ReviewDecision,
  type ReviewEvidenceFormat,
  type ReviewSummary,
} from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { ReportUsersService } from '../administration/report-users.service.ts';
import { reportsRepository, type LocatedReport } from '../content/reports.repository.ts';
import type { PermissionsService } from '../permissions/permissions.service.ts';
import { usageRepository } from '../usage/usage.repository.ts';
import { reviewCsv } from './review-csv.ts';
import { reviewPdf } from './review-pdf.ts';
import { reviewsRepository, type ReviewLineRow, type ReviewRow } from './reviews.repository.ts';

const dayMs = 86_400_000;

const reviewMessages = {
  unknownScope: 'El elemento indicado no existe.',
  pastDueDate: 'La fecha límite no puede ser anterior a hoy.',
  unknownLine: 'La línea no pertenece a esta revisión.',
  alreadyRemoved: 'El acceso ya fue quitado; para devolverlo, concédalo de nuevo en Permisos.',
  groupOnly: (group: string) =>
    `El acceso viene del grupo «${group}» del proveedor: no se puede quitar por usuario; quítelo del grupo o de los permisos del grupo.`,
} as const;

const today = (clock: Clock) => clock.now().toISOString().slice(0, 10);

function toLine(row: ReviewLineRow) {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    accountElementId: row.report_bi_id,
    reportName: row.report_name,
    grantedThrough: JSON.parse(row.granted_through) as GrantedThrough,
    lastUsed: row.last_used,
    recommendation: row.recommendation,
    decision: row.decision,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
    escalated: row.escalated === 1,
  };
}

function toSummary(row: ReviewRow, pending: number): ReviewSummary {
  return {
    id: row.id,
    scope: { accountElementId: row.account_element_id, name: row.scope_name },
    dueDate: row.due_date,
    createdAt: row.created_at,
    createdBy: row.created_by,
    pending,
  };
}

/** The name an administrator knows the scope by: the account's, workspace's or report's. */
function scopeName(scope: string, reports: LocatedReport[], accountName: string | undefined) {
  const report = reports.find((r) => r.bi_id === scope);
  if (report) return report.name;
  return reports.find((r) => r.workspace_bi_id === scope)?.workspace_name ?? accountName ?? scope;
}

/** An account's id when the scope is an account (its id as text), else undefined. */
const accountIdOf = (scope: string) => (/^\d{1,10}$/.test(scope) ? Number(scope) : undefined);

/**
 * The scope as the administrator knows it now, from the account down ("Cuenta «Retail Andino» ›
 * Área de trabajo «Comercial»"); the name kept with the review when it is gone.
 */
async function scopePath(db: Kysely<Database>, review: Review): Promise<string> {
  const scope = review.scope.accountElementId;
  const [report] = await reportsRepository.listInScope(db, scope);
  const account = await reviewsRepository.accountName(db, accountIdOf(scope) ?? report?.account_id);
  if (account === undefined) return review.scope.name;
  const path = [`Cuenta «${account}»`];
  if (report && accountIdOf(scope) === undefined)
    path.push(`Área de trabajo «${report.workspace_name}»`);
  if (report?.bi_id === scope) path.push(`Informe «${report.name}»`);
  return path.join(' › ');
}

export interface ReviewsDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  clock: Clock;
  mailer: Mailer;
  portalUrl: string;
  reportUsers: Pick<ReportUsersService, 'list' | 'explain'>;
  permissions: Pick<PermissionsService, 'listForUser' | 'replace' | 'clearForUser'>;
}

/**
 * Access reviews (issue 30). A review snapshots, when started, every (user, report) access in its
 * scope with its way in (the "¿Por qué puede ver esto?" explanation) and its last use; removals go
 * through the permissions service (audited, caches dropped everywhere). Past the due date the
 * undecided lines are kept and escalated, checked on every read and hourly (decision 0295).
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db, clock } = deps;

  async function linesFor(reports: LocatedReport[]) {
    const lastOpens = await usageRepository.lastOpensByUser(
      db,
      reports.map((r) => r.uid),
    );
    // Not opened for as long as "Uso" calls a report unused (or never): recommend removal.
    const unusedBefore = clock.now().getTime() - unusedAfterDays * dayMs;
    const lines = [];
    for (const report of reports) {
      const [levels, access] = await Promise.all([
        deps.reportUsers.list(report.bi_id),
        deps.reportUsers.explain(report.bi_id),
      ]);
      for (const entry of access) {
        const ownLevels = grantLevels.filter((level) =>
          levels[level].some((user) => user.id === entry.user.id),
        );
        const last = lastOpens.get(`${entry.user.id}\n${report.uid}`);
        lines.push({
          user_id: entry.user.id,
          username: entry.user.username,
          report_bi_id: report.bi_id,
          report_name: report.name,
          granted_through: JSON.stringify({ levels: ownLevels, groups: entry.groups ?? [] }),
          last_used: last === undefined ? null : new Date(last).toISOString(),
          recommendation: (last === undefined || last < unusedBefore ? 'remove' : 'keep') as
            'keep' | 'remove',
        });
      }
    }
    return lines;
  }

  /** Past its due date, a review's undecided lines are kept and the administrators told, once. */
  async function escalateIfDue(review: ReviewRow): Promise<void> {
    if (review.escalated_at !== null || review.due_date >= today(clock)) return;
    const at = clock.now().toISOString();
    const system = { id: null, username: null, ip: null };
    const claimed = await deps.audit.change(
      db,
      system,
      { action: 'review.escalate', targetType: 'review', targetId: review.id },
      (trx) => reviewsRepository.claimEscalation(trx, review.id, at),
    );
    if (!claimed) return;
    const pending = (await reviewsRepository.lines(db, review.id)).filter((l) => l.escalated);
    if (!pending.length) return;
    const admins = await reviewsRepository.administratorMails(db, roles.administrator);
    const text = [
      `La revisión de acceso ${review.id} (${review.scope_name}) venció el ${review.due_date} con ${pending.length} líneas sin decidir.`,
      'Esos accesos se mantienen; decida en Revisiones de acceso:',
      `${deps.portalUrl}/administration/access-reviews`,
      '',
      ...pending.map((line) => `- ${line.username}: ${line.report_name}`),
    ].join('\n');
    for (const { mail } of admins) {
      await deps.mailer.send({
        to: mail,
        subject: `Revisión de acceso vencida: ${review.scope_name}`,
        text,
      });
    }
  }

  async function load(id: number): Promise<ReviewRow> {
    const review = await reviewsRepository.get(db, id);
    if (!review) throw appErrors.notFound(errorMessages.notFound);
    await escalateIfDue(review);
    return (await reviewsRepository.get(db, id)) ?? review;
  }

  async function present(review: ReviewRow): Promise<Review> {
    const lines = (await reviewsRepository.lines(db, review.id)).map(toLine);
    const pending = lines.filter((line) => line.decision === null).length;
    return { ...toSummary(review, pending), lines };
  }

  /** Takes away the user's own grants that give the line's report (at the levels it lists). */
  async function removeAccess(line: ReturnType<typeof toLine>, actor: Actor): Promise<void> {
    const [report] = await reportsRepository.listByIdOrUid(db, line.accountElementId);
    if (!report) return; // The report is gone, and every grant on it with it.
    const elements = new Set(
      line.grantedThrough.levels.map((level) =>
        level === 'report'
          ? report.bi_id
          : level === 'workspace'
            ? report.workspace_bi_id
            : String(report.account_id),
      ),
    );
    const held = await deps.permissions.listForUser(line.userId);
    const kept = held.filter((grant) => !elements.has(grant.accountElementId));
    if (kept.length === held.length) return;
    if (kept.length) {
      // The grants kept keep their end ("Válido hasta"): a review never lengthens an access.
      await deps.permissions.replace(
        kept.map(({ userId, accountElementId, validUntil }) => ({
          userId,
          accountElementId,
          ...(validUntil ? { validUntil } : {}),
        })),
        actor,
      );
    } else {
      await deps.permissions.clearForUser(line.userId, actor);
    }
  }

  /** Escalates every overdue review. */
  async function escalateOverdue(): Promise<void> {
    for (const review of await reviewsRepository.overdue(db, today(clock)))
      await escalateIfDue(review);
  }

  return {
    async start(input: CreateReview, actor: Actor): Promise<Review> {
      const scope = input.scope.accountElementId;
      if (input.dueDate < today(clock))
        throw appErrors.validation('dueDate', reviewMessages.pastDueDate);
      const reports = await reportsRepository.listInScope(db, scope);
      const account = await reviewsRepository.accountName(db, accountIdOf(scope));
      if (!reports.length && account === undefined)
        throw appErrors.validation('accountElementId', reviewMessages.unknownScope);
      const lines = await linesFor(reports);
      const row = {
        account_element_id: scope,
        scope_name: scopeName(scope, reports, account),
        due_date: input.dueDate,
        created_at: clock.now().toISOString(),
        created_by: actor.username,
      };
      const id = await deps.audit.change(
        db,
        actor,
        (reviewId: number) => ({
          action: 'review.start',
          targetType: 'review',
          targetId: reviewId,
          detail: { scope, dueDate: input.dueDate, lines: lines.length },
        }),
        (trx) => reviewsRepository.insert(trx, row, lines),
      );
      return present(await load(id));
    },

    async list(): Promise<ReviewSummary[]> {
      await escalateOverdue();
      const [reviews, pending] = await Promise.all([
        reviewsRepository.all(db),
        reviewsRepository.pendingCounts(db),
      ]);
      return reviews.map((review) => toSummary(review, pending.get(review.id) ?? 0));
    },

    async get(id: number): Promise<Review> {
      return present(await load(id));
    },

    /**
     * Records decisions; `applyRecommendations` decides every other undecided line as
     * recommended, leaving undecided the group-only lines it cannot remove (decision 0296).
     */
    async decide(id: number, body: PutReviewLines, actor: Actor): Promise<Review> {
      const review = await load(id);
      const lines = new Map(
        (await reviewsRepository.lines(db, review.id)).map((row) => [row.id, toLine(row)]),
      );
      const chosen = new Map<number, ReviewDecision>();
      for (const { lineId, decision } of body.decisions ?? []) {
        const line = lines.get(lineId);
        if (!line) throw appErrors.validation('lineId', reviewMessages.unknownLine);
        if (line.decision === 'remove' && decision === 'keep')
          throw appErrors.validation('decision', reviewMessages.alreadyRemoved);
        if (decision === 'remove' && !line.grantedThrough.levels.length)
          throw appErrors.validation(
            'decision',
            reviewMessages.groupOnly(line.grantedThrough.groups.join(', ')),
          );
        chosen.set(lineId, decision);
      }
      if (body.applyRecommendations) {
        for (const line of lines.values()) {
          const removable = line.grantedThrough.levels.length > 0;
          if (line.decision !== null || chosen.has(line.id)) continue;
          if (line.recommendation === 'keep' || removable) chosen.set(line.id, line.recommendation);
        }
      }
      for (const [lineId, decision] of chosen) {
        const line = lines.get(lineId);
        if (line && decision === 'remove' && line.decision !== 'remove')
          await removeAccess(line, actor);
      }
      const at = clock.now().toISOString();
      const decided = [...chosen].map(([lineId, decision]) => {
        const line = lines.get(lineId);
        return { lineId, userId: line?.userId, report: line?.accountElementId, decision };
      });
      await deps.audit.change(
        db,
        actor,
        { action: 'review.decide', targetType: 'review', targetId: review.id, detail: { decided } },
        async (trx) => {
          for (const [lineId, decision] of chosen)
            await reviewsRepository.decide(trx, lineId, decision, at, actor.username);
        },
      );
      return present(review);
    },

    /**
     * The review as evidence, a CSV or PDF file named after it; each export is audited
     * (`review.export`, in the exports category), once the file is made.
     */
    async export(id: number, format: ReviewEvidenceFormat, actor: Actor) {
      const review = await present(await load(id));
      const body =
        format === 'csv'
          ? `\uFEFF${reviewCsv(review)}`
          : await reviewPdf({
              review,
              scope: await scopePath(db, review),
              generatedAt: clock.now().toISOString(),
              generatedBy: actor.username,
            });
      await deps.audit.record(db, actor, {
        action: 'review.export',
        targetType: 'review',
        targetId: review.id,
        detail: { format, lines: review.lines.length },
      });
      return { fileName: reviewFileName(review, format), body };
    },

    /** Run hourly too, so the mail goes even when nobody opens the reviews. */
    escalateOverdue,
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
