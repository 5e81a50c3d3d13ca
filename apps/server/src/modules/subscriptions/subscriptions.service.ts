import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type ReportPage,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionRun,
  type SubscriptionView,
} from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { isAdministrator, type PolicyUser } from '../permissions/permissions.policy.ts';
import type { ContentCache } from '../content/content-cache.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import type { ViewerAccess } from '../viewer/viewer-access.ts';
import { lateAfterMs, localDate, nextOccurrence } from './schedule.ts';
import { subscriptionAudienceRepository as audience } from './subscription-audience.repository.ts';
import type { SubscriptionQueue } from './subscription-queue.ts';
import type { RefreshWatch } from './subscription-refreshes.ts';
import { scheduleOf, windowOf } from './subscription-row.ts';
import {
  subscriptionsRepository as repo,
  type NewSubscriptionRow,
  type RunRow,
  type SubscriptionRow,
} from './subscriptions.repository.ts';
import type { UnsubscribeTarget, UnsubscribeTokens } from './unsubscribe-tokens.ts';

const subscriptionErrors = {
  notFound: 'La suscripción no existe o no es suya.',
  onlyYourself: 'Destinatarios: un lector solo puede suscribirse a sí mismo.',
  unknownRecipient: (id: number) => `El usuario ${id} no existe.`,
  unknownGroup: (name: string) => `El grupo "${name}" no existe en el portal.`,
  dashboard: 'Un panel no se puede enviar por correo; solo los informes.',
  unsubscribeInvalid: 'El enlace para darse de baja no es válido o ya fue usado.',
  unsubscribed: 'Listo: ya no recibirá este informe por correo.',
} as const;

const newNonce = () => randomBytes(18).toString('base64url');
const system: Actor = { id: null, username: 'suscripciones', ip: null };

/** The columns an update changes, as they were and as they become (the audit's before/after). */
function changedColumns<T extends object>(current: T, changes: Partial<T>) {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) {
    if (key === 'updated_at' || key === 'next_run_at' || current[key] === changes[key]) continue;
    before[key] = current[key];
    after[key] = changes[key];
  }
  return { before, after };
}

/** The columns of a subscription from its body; the next send follows from now. */
function rowOf(body: SubscriptionBody, ownerId: number, now: Date): NewSubscriptionRow {
  const { schedule } = body;
  const startDate = body.startDate ?? localDate(now, schedule.timeZone);
  const paused = body.paused ?? false;
  const next = paused
    ? undefined
    : nextOccurrence(
        { schedule, startDate, ...(body.endDate ? { endDate: body.endDate } : {}) },
        now,
      );
  return {
    owner_id: ownerId,
    report_uid: body.reportUid,
    format: body.format,
    pages: JSON.stringify(body.pages ?? []),
    bookmark_state: body.bookmarkState ?? null,
    frequency: schedule.frequency,
    time: schedule.time ?? '',
    time_zone: schedule.timeZone,
    days: JSON.stringify(schedule.days ?? []),
    start_date: startDate,
    end_date: body.endDate ?? null,
    subject: body.subject,
    message: body.message ?? '',
    paused: paused ? 1 : 0,
    next_run_at: next?.toISOString() ?? null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

/**
 * Subscriptions (issue 28): administrators subscribe any users to any report; a viewer
 * subscribes only themselves, to reports they may open, and sees only their own. Creation,
 * changes, deletion and unsubscribes are audited; the schedule is claimed by one instance per
 * occurrence and each run goes through the queue.
 */
export function createSubscriptionsService(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  clock: Clock;
  content: ContentCache;
  access: Pick<ViewerAccess, 'openable' | 'withAccount'>;
  bi: Pick<BiClient, 'reportPages'>;
  queue: Pick<SubscriptionQueue, 'push'>;
  refreshes: Pick<RefreshWatch, 'assertWatchable'>;
  tokens: UnsubscribeTokens;
}) {
  const { db } = deps;

  async function runsAnswer(runs: RunRow[]): Promise<SubscriptionRun[]> {
    const deliveries = await repo.deliveriesOf(
      db,
      runs.map((r) => r.id),
    );
    return runs.map((run) => ({
      id: run.id,
      dueAt: run.due_at,
      trigger: run.trig,
      late: run.late === 1,
      ...(run.started_at ? { startedAt: run.started_at } : {}),
      ...(run.finished_at ? { finishedAt: run.finished_at } : {}),
      recipients: deliveries
        .filter((d) => d.run_id === run.id)
        .map((d) => ({
          userId: d.user_id,
          outcome: d.outcome,
          attempts: d.attempts,
          ...(d.reason ? { reason: d.reason } : {}),
          ...(d.error ? { error: d.error } : {}),
          ...(d.at ? { at: d.at } : {}),
        })),
    }));
  }

  async function answersOf(rows: SubscriptionRow[]): Promise<Subscription[]> {
    const ids = rows.map((r) => r.id);
    const recipients = await repo.recipientsOf(db, ids);
    const groups = await audience.groupsOf(db, ids);
    const lastRunRows = await repo.lastRuns(db, ids);
    const lastRuns = await runsAnswer(lastRunRows);
    const lastRunOf = new Map(lastRunRows.map((run, i) => [run.subscription_id, lastRuns[i]!]));
    const snapshot = await deps.content.get();
    return rows.map((row) => {
      const lastRun = lastRunOf.get(row.id);
      return {
        id: row.id,
        reportUid: row.report_uid,
        reportName: snapshot.reportsByUid.get(row.report_uid)?.report.name ?? '',
        ownerId: row.owner_id,
        recipients: recipients.get(row.id) ?? [],
        recipientGroups: groups.get(row.id) ?? [],
        format: row.format,
        pages: JSON.parse(row.pages) as string[],
        ...(row.bookmark_state ? { bookmarkState: row.bookmark_state } : {}),
        schedule: scheduleOf(row),
        startDate: row.start_date,
        ...(row.end_date ? { endDate: row.end_date } : {}),
        subject: row.subject,
        message: row.message,
        paused: row.paused === 1,
        ...(row.next_run_at ? { nextRunAt: row.next_run_at } : {}),
        ...(lastRun ? { lastRun } : {}),
      };
    });
  }

  /** The subscription `id` if `user` may manage it (its owner, or an administrator). */
  async function managed(user: PolicyUser, id: number): Promise<SubscriptionRow> {
    const row = await repo.get(db, id);
    if (!row || (!isAdministrator(user) && row.owner_id !== user.id)) {
      throw appErrors.notFound(subscriptionErrors.notFound);
    }
    return row;
  }

  /** The body's report and recipients are allowed for `user` (checked again at each send). */
  async function checked(user: PolicyUser, body: SubscriptionBody) {
    const placement = await deps.access.openable(user, body.reportUid);
    if (placement.report.kind !== 'report') {
      throw new AppError('validation_failed', subscriptionErrors.dashboard, { field: 'reportUid' });
    }
    if (body.schedule.frequency === 'afterRefresh') await deps.refreshes.assertWatchable(placement);
    const groups = body.recipientGroups ?? [];
    if (!isAdministrator(user)) {
      if (body.recipients.some((id) => id !== user.id) || groups.length > 0) {
        throw new AppError('forbidden', subscriptionErrors.onlyYourself);
      }
      return;
    }
    const known = new Set((await repo.usersOf(db, body.recipients)).map((u) => u.id));
    const unknown = body.recipients.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw appErrors.validation('recipients', subscriptionErrors.unknownRecipient(unknown));
    }
    const knownGroups = await audience.knownGroups(db, groups);
    const unknownGroup = groups.find((name) => !knownGroups.has(name));
    if (unknownGroup !== undefined) {
      throw appErrors.validation('recipientGroups', subscriptionErrors.unknownGroup(unknownGroup));
    }
  }

  /** Writes who the subscription names: users, and groups expanded at each send. */
  async function setAudience(trx: Kysely<Database>, id: number, body: SubscriptionBody) {
    await repo.setRecipients(trx, id, body.recipients, newNonce);
    await audience.setGroups(trx, id, body.recipientGroups ?? [], newNonce);
  }

  /** A run of `row` planned now, with a pending delivery per user it reaches now. */
  async function plan(row: SubscriptionRow, run: Pick<RunRow, 'due_at' | 'trig' | 'late'>) {
    return repo.insertRun(
      db,
      { subscription_id: row.id, ...run },
      await audience.audienceOf(db, row.id),
    );
  }

  /** Who an unsubscribe token takes off which subscription; undefined when it cannot. */
  async function leave(target: UnsubscribeTarget | undefined) {
    if (!target) return undefined;
    if ('recipientId' in target) {
      const row = await repo.recipientById(db, target.recipientId);
      if (!row || !(await repo.removeRecipient(db, row.id, target.nonce))) return undefined;
      return { subscriptionId: row.subscription_id, userId: row.user_id };
    }
    const group = await audience.groupById(db, target.groupId);
    if (group?.unsubscribe_nonce !== target.nonce) return undefined;
    const now = deps.clock.now().toISOString();
    if (!(await audience.optOut(db, group.subscription_id, target.userId, now))) return undefined;
    return {
      subscriptionId: group.subscription_id,
      userId: target.userId,
      group: group.group_name,
    };
  }

  return {
    async list(user: PolicyUser, filter: { reportUid?: string; userId?: number }) {
      const rows = await repo.list(db, {
        ...(filter.reportUid ? { reportUid: filter.reportUid } : {}),
        ...(isAdministrator(user)
          ? filter.userId !== undefined
            ? { recipientId: filter.userId }
            : {}
          : { ownerId: user.id }),
      });
      return answersOf(rows);
    },

    async create(user: PolicyUser, actor: Actor, body: SubscriptionBody): Promise<Subscription> {
      await checked(user, body);
      const row = rowOf(body, user.id, deps.clock.now());
      const id = await deps.audit.change(
        db,
        actor,
        (created: number) => ({
          action: 'subscription.create',
          targetType: 'subscription',
          targetId: created,
          detail: {
            reportUid: body.reportUid,
            recipients: body.recipients,
            recipientGroups: body.recipientGroups ?? [],
            format: body.format,
            schedule: body.schedule,
          },
        }),
        async (trx) => {
          const created = await repo.insert(trx, row);
          await setAudience(trx, created, body);
          return created;
        },
      );
      return (await answersOf([(await repo.get(db, id))!]))[0]!;
    },

    async update(
      user: PolicyUser,
      actor: Actor,
      id: number,
      body: SubscriptionBody,
    ): Promise<Subscription> {
      const current = await managed(user, id);
      await checked(user, body);
      const {
        created_at: _created,
        owner_id: _owner,
        ...changes
      } = rowOf(body, current.owner_id, deps.clock.now());
      await deps.audit.change(
        db,
        actor,
        {
          action: 'subscription.update',
          targetType: 'subscription',
          targetId: id,
          detail: {
            reportUid: body.reportUid,
            recipients: body.recipients,
            recipientGroups: body.recipientGroups ?? [],
            paused: body.paused ?? false,
            schedule: body.schedule,
            ...changedColumns(current, changes),
          },
        },
        async (trx) => {
          await repo.update(trx, id, changes);
          await setAudience(trx, id, body);
        },
      );
      return (await answersOf([(await repo.get(db, id))!]))[0]!;
    },

    async delete(user: PolicyUser, actor: Actor, id: number): Promise<void> {
      const row = await managed(user, id);
      await deps.audit.change(
        db,
        actor,
        {
          action: 'subscription.delete',
          targetType: 'subscription',
          targetId: id,
          detail: { reportUid: row.report_uid },
        },
        (trx) => repo.delete(trx, id),
      );
    },

    /** "Enviar ahora": a run now, for every recipient, queued at once (202). */
    async sendNow(user: PolicyUser, actor: Actor, id: number): Promise<SubscriptionRun> {
      const row = await managed(user, id);
      const runId = await plan(row, {
        due_at: deps.clock.now().toISOString(),
        trig: 'manual',
        late: 0,
      });
      await deps.audit.record(db, actor, {
        action: 'subscription.send-now',
        targetType: 'subscription',
        targetId: id,
      });
      await deps.queue.push(runId);
      return (await runsAnswer([(await repo.getRun(db, runId))!]))[0]!;
    },

    async runs(user: PolicyUser, id: number): Promise<SubscriptionRun[]> {
      await managed(user, id);
      return runsAnswer(await repo.runsOf(db, id, 50));
    },

    /**
     * The view the subscription sends: for its recipients too, whose mail links to the report
     * with it. Opening the report is still checked by the viewer's own route.
     */
    async view(user: PolicyUser, id: number): Promise<SubscriptionView> {
      const row = await repo.get(db, id);
      const recipients = row ? await audience.audienceOf(db, id) : [];
      if (
        !row ||
        !(isAdministrator(user) || row.owner_id === user.id || recipients.includes(user.id))
      ) {
        throw appErrors.notFound(subscriptionErrors.notFound);
      }
      return {
        reportUid: row.report_uid,
        pages: JSON.parse(row.pages) as string[],
        ...(row.bookmark_state ? { bookmarkState: row.bookmark_state } : {}),
      };
    },

    /**
     * The link in a mail: takes that recipient off that subscription, once, no login. A named
     * user's row goes; a group member is recorded as out of it, whatever their groups become.
     */
    async unsubscribe(token: string): Promise<{ message: string }> {
      const left = await leave(deps.tokens.read(token));
      if (!left) {
        throw new AppError('validation_failed', subscriptionErrors.unsubscribeInvalid, {
          field: 'token',
        });
      }
      await deps.audit.record(
        db,
        { ...system, id: left.userId },
        {
          action: 'subscription.unsubscribe',
          targetType: 'subscription',
          targetId: left.subscriptionId,
          detail: { userId: left.userId, ...(left.group ? { group: left.group } : {}) },
        },
      );
      return { message: subscriptionErrors.unsubscribed };
    },

    /** The pages of a report `user` may open, to choose which a subscription sends. */
    async pages(user: PolicyUser, reportUid: string): Promise<ReportPage[]> {
      const placement = await deps.access.openable(user, reportUid);
      if (placement.report.kind !== 'report') return [];
      const pages = await deps.access.withAccount(placement, (credentials) =>
        deps.bi.reportPages(credentials, placement.workspace.id, placement.report.id),
      );
      return pages.map(({ name, displayName }) => ({ name, displayName }));
    },

    /**
     * Claims every due occurrence and queues its run. Each subscription moves to its next send
     * from now, with a compare-and-set on the occurrence it left: of several instances, one
     * claims it. Occurrences missed while the portal was down become one run, marked late.
     */
    async runDue(): Promise<number[]> {
      const now = deps.clock.now();
      const planned: number[] = [];
      for (const row of await repo.due(db, now.toISOString())) {
        const dueAt = row.next_run_at!;
        const next = nextOccurrence(windowOf(row), now)?.toISOString() ?? null;
        const late = now.getTime() - new Date(dueAt).getTime() > lateAfterMs ? 1 : 0;
        const runId = await db.transaction().execute(async (trx) => {
          if (!(await repo.advance(trx, row.id, dueAt, next))) return undefined;
          return repo.insertRun(
            trx,
            { subscription_id: row.id, due_at: dueAt, trig: 'schedule', late },
            await audience.audienceOf(trx, row.id),
          );
        });
        if (runId === undefined) continue;
        planned.push(runId);
        await deps.queue.push(runId);
      }
      return planned;
    },

    /** Whether the portal has any subscription: until it has, no queue needs to run. */
    exist: () => repo.any(db),

    /** Runs left unfinished by a stopped instance go back to the queue (idempotent per recipient). */
    async resumeUnfinished(): Promise<void> {
      for (const run of await repo.unfinishedRuns(db)) await deps.queue.push(run.id);
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
