import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import type { ReportExportService } from '../viewer/report-export.service.ts';
import type { ViewerAccess, ViewerIdentities } from '../viewer/viewer-access.ts';
import { subscriptionAudienceRepository as audience } from './subscription-audience.repository.ts';
import { skippedNotice, subscriptionMail, type RenderedFile } from './subscription-mail.ts';
import {
  subscriptionsRepository as repo,
  type DeliveryRow,
  type SubscriptionRow,
} from './subscriptions.repository.ts';
import type { UnsubscribeTarget, UnsubscribeTokens } from './unsubscribe-tokens.ts';

/** Tries per recipient before a failed send stays failed (the queue backs off in between). */
export const maxAttempts = 4;

const skipReasons = {
  unsubscribed: 'Se dio de baja de la suscripción o ya no está en sus grupos.',
  noAccess: 'Ya no tiene acceso al informe.',
  reportGone: 'El informe ya no existe.',
  noIdentity:
    'El informe aplica seguridad por filas y el usuario no tiene una identidad efectiva asignada.',
  noMail: 'El usuario no tiene correo electrónico.',
} as const;

/** Sends are done by the portal itself, on the owner's behalf: the audit names no session. */
const system: Actor = { id: null, username: 'suscripciones', ip: null };

interface Recipient {
  id: number;
  rol: number;
  mail: string;
  name: string;
  /** The unsubscribe link's target; none once they left the subscription. */
  link: UnsubscribeTarget | undefined;
}

interface Skip {
  userId: number;
  name: string;
  reason: string;
}

/** Recipients who see the same rows: one export serves them all (decision 0256). */
function identityKey(identities: ViewerIdentities): string {
  return JSON.stringify(
    identities.mapped
      .map((i) => [i.datasetId ?? '', i.username, [...i.roles].sort()])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
}

/**
 * One run of a subscription: each recipient still on it and still allowed to open the report
 * gets a mail rendered under their own effective identity, checked now (fail-closed). Those who
 * see the same rows share one export. A recipient who lost access is skipped, logged, audited
 * and the owner told. Answers whether some send failed and should be tried again later.
 */
export function createSubscriptionDelivery(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  access: Pick<ViewerAccess, 'openable' | 'identitiesOf'>;
  exports: Pick<ReportExportService, 'render'>;
  tokens: UnsubscribeTokens;
  portalUrl: string;
  /** The report's name for the owner's notice (the uid when it is gone). */
  reportName: (uid: string) => Promise<string | undefined>;
}) {
  const { db } = deps;
  const nowIso = () => deps.clock.now().toISOString();

  /**
   * The run's users as they are now, each with their unsubscribe link: their own row when the
   * subscription names them, else the first of its groups they still belong to (none: they left).
   */
  async function recipientsOf(sub: SubscriptionRow, userIds: number[]) {
    const links = new Map<number, UnsubscribeTarget>(
      (await repo.recipientRows(db, sub.id)).map((r) => [
        r.user_id,
        { recipientId: r.id, nonce: r.unsubscribe_nonce },
      ]),
    );
    const viaGroups = await audience.groupLinks(
      db,
      sub.id,
      userIds.filter((id) => !links.has(id)),
    );
    const users = await repo.usersOf(db, userIds);
    return users.map((u): Recipient => ({
      id: u.id,
      rol: u.rol,
      mail: u.mail,
      name: `${u.firstname} ${u.lastname} (${u.username})`.trim(),
      link: links.get(u.id) ?? viaGroups.get(u.id),
    }));
  }

  async function audited(sub: SubscriptionRow, userId: number, detail: Record<string, unknown>) {
    await deps.audit.record(db, system, {
      action: 'subscription.send',
      targetType: 'subscription',
      targetId: sub.id,
      detail: { userId, reportUid: sub.report_uid, ...detail },
    });
  }

  /** Why `recipient` gets nothing now, or their identities when they may get the report. */
  async function admit(
    sub: SubscriptionRow,
    recipient: Recipient,
  ): Promise<{ skip: string } | { placement: ReportPlacement; identities: ViewerIdentities }> {
    if (recipient.link === undefined) return { skip: skipReasons.unsubscribed };
    if (!recipient.mail) return { skip: skipReasons.noMail };
    try {
      const placement = await deps.access.openable(recipient, sub.report_uid);
      return {
        placement,
        identities: await deps.access.identitiesOf(recipient.id, placement.account.id),
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'not_found') return { skip: skipReasons.reportGone };
      if (error.code === 'forbidden') return { skip: skipReasons.noAccess };
      throw error;
    }
  }

  async function mailTo(
    sub: SubscriptionRow,
    recipient: Recipient & { link: UnsubscribeTarget },
    reportName: string,
    file: RenderedFile,
  ) {
    const base = deps.portalUrl.replace(/\/$/, '');
    await deps.mailer.send(
      subscriptionMail({
        to: recipient.mail,
        subject: sub.subject,
        message: sub.message,
        reportName,
        // The report in the portal, opened with the subscription's view (decision 0289).
        reportUrl: `${base}/viewer/${encodeURIComponent(sub.report_uid)}?subscription=${sub.id}`,
        unsubscribeUrl: `${base}/unsubscribe?token=${encodeURIComponent(deps.tokens.issue(recipient.link))}`,
        file,
      }),
    );
  }

  async function fail(sub: SubscriptionRow, runId: number, row: DeliveryRow, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    await repo.setDelivery(db, runId, row.user_id, {
      outcome: 'failed',
      error: message,
      attempts: row.attempts + 1,
      at: nowIso(),
    });
    deps.log.warn(
      { subscriptionId: sub.id, userId: row.user_id, err: error },
      'subscription send failed',
    );
    await audited(sub, row.user_id, {
      outcome: 'failed',
      error: message,
      attempt: row.attempts + 1,
    });
  }

  return {
    async deliver(runId: number): Promise<{ retry: boolean }> {
      const run = await repo.getRun(db, runId);
      if (!run || run.finished_at) return { retry: false };
      const sub = await repo.get(db, run.subscription_id);
      if (!sub) {
        await repo.markRun(db, runId, { finished_at: nowIso() });
        return { retry: false };
      }
      if (!run.started_at) await repo.markRun(db, runId, { started_at: nowIso() });
      // Which instance (the log's pid) works on which run: what an operator follows after a crash.
      deps.log.info({ subscriptionId: sub.id, runId }, 'subscription run started');
      const open = (await repo.deliveriesOf(db, [runId])).filter(
        (d) => d.outcome === 'pending' || (d.outcome === 'failed' && d.attempts < maxAttempts),
      );
      const rows = new Map(open.map((d) => [d.user_id, d]));
      const recipients = await recipientsOf(sub, [...rows.keys()]);
      const skipped: Skip[] = [];
      const groups = new Map<
        string,
        {
          placement: ReportPlacement;
          identities: ViewerIdentities;
          members: (Recipient & { link: UnsubscribeTarget })[];
        }
      >();
      for (const recipient of recipients) {
        const admitted = await admit(sub, recipient);
        if ('skip' in admitted) {
          skipped.push({ userId: recipient.id, name: recipient.name, reason: admitted.skip });
          continue;
        }
        const key = identityKey(admitted.identities);
        const group = groups.get(key) ?? { ...admitted, members: [] };
        group.members.push({ ...recipient, link: recipient.link! });
        groups.set(key, group);
      }
      // Users deleted since the run was planned have no row any more: nothing to send them.
      const known = new Set(recipients.map((r) => r.id));
      for (const row of open) {
        if (!known.has(row.user_id)) {
          skipped.push({
            userId: row.user_id,
            name: `#${row.user_id}`,
            reason: skipReasons.noAccess,
          });
        }
      }
      const view = {
        format: sub.format,
        pageNames: JSON.parse(sub.pages) as string[],
        bookmarkState: sub.bookmark_state ?? undefined,
      };
      for (const { placement, identities, members } of groups.values()) {
        let file: RenderedFile;
        try {
          file = await deps.exports.render(placement, identities, view);
        } catch (error) {
          if (error instanceof AppError && error.code === 'identity_required') {
            skipped.push(
              ...members.map((m) => ({
                userId: m.id,
                name: m.name,
                reason: skipReasons.noIdentity,
              })),
            );
            continue;
          }
          for (const member of members) await fail(sub, runId, rows.get(member.id)!, error);
          continue;
        }
        // One export for everyone who sees these rows: audited once, with how many share it.
        await deps.audit.record(db, system, {
          action: 'subscription.render',
          targetType: 'subscription',
          targetId: sub.id,
          detail: {
            reportUid: sub.report_uid,
            format: sub.format,
            recipients: members.length,
            identity: identities.mapped.length > 0,
          },
        });
        for (const member of members) {
          const row = rows.get(member.id)!;
          try {
            await mailTo(sub, member, placement.report.name, file);
          } catch (error) {
            await fail(sub, runId, row, error);
            continue;
          }
          await repo.setDelivery(db, runId, member.id, {
            outcome: 'sent',
            error: null,
            attempts: row.attempts + 1,
            at: nowIso(),
          });
          await audited(sub, member.id, {
            outcome: 'sent',
            format: sub.format,
            late: run.late === 1,
          });
        }
      }
      await recordSkips(sub, runId, skipped);
      const left = (await repo.deliveriesOf(db, [runId])).some(
        (d) => d.outcome === 'pending' || (d.outcome === 'failed' && d.attempts < maxAttempts),
      );
      if (!left) await repo.markRun(db, runId, { finished_at: nowIso() });
      return { retry: left };
    },
  };

  /** Skips are recorded, logged and audited one by one, and told to the owner in one mail. */
  async function recordSkips(sub: SubscriptionRow, runId: number, skipped: Skip[]) {
    if (skipped.length === 0) return;
    for (const { userId, reason } of skipped) {
      await repo.setDelivery(db, runId, userId, { outcome: 'skipped', reason, at: nowIso() });
      deps.log.warn({ subscriptionId: sub.id, userId, reason }, 'subscription recipient skipped');
      await audited(sub, userId, { outcome: 'skipped', reason });
    }
    const owner = (await repo.usersOf(db, [sub.owner_id]))[0];
    if (!owner?.mail) return;
    try {
      await deps.mailer.send(
        skippedNotice({
          to: owner.mail,
          subject: sub.subject,
          reportName: (await deps.reportName(sub.report_uid)) ?? sub.report_uid,
          skipped,
        }),
      );
    } catch (error) {
      deps.log.warn({ subscriptionId: sub.id, err: error }, 'skipped-recipients notice not sent');
    }
  }
}
