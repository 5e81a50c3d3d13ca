import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import { portalErrorOf } from '../bi-client/portal-error.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import { credentialsOf } from '../accounts/account-credentials.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import { contentRepository } from '../content/content.repository.ts';
import { appErrors } from '../../errors.ts';
import {
  planRemovedReport,
  planSavedReport,
  planSync,
  type FetchedWorkspace,
} from './sync-plan.ts';

/** Syncs run for the portal itself (at start-up, on a timer, after an account change). */
const syncActor: Actor = { id: null, username: 'sistema', ip: null };

const workspaceNotFound = 'El área de trabajo del informe no está en el portal.';

export interface SyncLogger {
  warn(details: object, message: string): void;
}

export interface SyncResult {
  ok: boolean;
  message: string | null;
}

/**
 * Brings an account's stored workspaces and reports in line with its BI service (decision 0022).
 * Failures never delete content: they mark the account with `error` and a Spanish `message`.
 */
export function createSyncService(deps: {
  db: Kysely<Database>;
  /** For a sync someone waits on (a route): a 429 fails at once. */
  bi: BiClient;
  /** For the periodic sync: waits out a 429's `Retry-After` (bounded, decision 0195). */
  backgroundBi: BiClient;
  secrets: SecretBox;
  clock: Clock;
  audit: AuditLog;
  log: SyncLogger;
  /** Called after every sync, successful or not: the content or the account's state changed. */
  onContentChanged: () => void;
}) {
  const running = new Map<number, Promise<SyncResult>>();

  async function fetchContent(
    bi: BiClient,
    credentials: BiCredentials,
  ): Promise<FetchedWorkspace[]> {
    const workspaces = await bi.listWorkspaces(credentials);
    return Promise.all(
      workspaces.map(async (workspace) => ({
        ...workspace,
        items: await bi.listItems(credentials, workspace.id),
      })),
    );
  }

  async function run(accountId: number, bi: BiClient): Promise<SyncResult> {
    const account = await accountsRepository.getById(deps.db, accountId);
    if (!account) return { ok: false, message: null };
    try {
      const fetched = await fetchContent(bi, credentialsOf(account, deps.secrets));
      await deps.db.transaction().execute(async (trx) => {
        const stored = await contentRepository.listStored(trx, accountId);
        await contentRepository.applyPlan(trx, accountId, planSync(stored, fetched, randomUUID));
        await accountsRepository.update(trx, accountId, {
          error: 0,
          message: null,
          last_sync_at: deps.clock.now().toISOString(),
        });
        await deps.audit.record(trx, syncActor, {
          action: 'sync.succeeded',
          targetType: 'account',
          targetId: accountId,
          detail: {
            workspaces: fetched.length,
            items: fetched.reduce((sum, workspace) => sum + workspace.items.length, 0),
          },
        });
      });
      return { ok: true, message: null };
    } catch (error) {
      const message =
        error instanceof BiServiceError
          ? portalErrorOf(error).message
          : 'No se pudo actualizar la información de la cuenta.';
      deps.log.warn(
        { accountId, detail: error instanceof BiServiceError ? error.detail : String(error) },
        'account sync failed',
      );
      // The row may be gone if the account was deleted while the sync ran: then this updates nothing.
      await accountsRepository.update(deps.db, accountId, { error: 1, message });
      await deps.audit.record(deps.db, syncActor, {
        action: 'sync.failed',
        targetType: 'account',
        targetId: accountId,
        detail: { message },
      });
      return { ok: false, message };
    }
  }

  /** A call while that account's sync runs joins it instead of starting another. */
  function start(accountId: number, bi: BiClient): Promise<SyncResult> {
    const current = running.get(accountId);
    if (current) return current;
    const call = run(accountId, bi).finally(() => {
      running.delete(accountId);
      deps.onContentChanged();
    });
    running.set(accountId, call);
    return call;
  }

  return {
    /** Syncs one account for a caller who waits on it: a throttled BI service fails it at once. */
    syncAccount: (accountId: number): Promise<SyncResult> => start(accountId, deps.bi),

    /** Syncs one account in the background: a throttled BI service is waited out (bounded). */
    syncAccountInBackground: (accountId: number): Promise<SyncResult> =>
      start(accountId, deps.backgroundBi),

    /**
     * After a save: one `GET reports/{id}` brings the saved report in (new, renamed or moved
     * within the account), instead of listing the whole account. A sync of that account under
     * way lands first, so its older listing cannot undo this one. BI failures are thrown.
     */
    async syncSavedReport(
      credentials: BiCredentials,
      workspaceId: string,
      reportId: string,
    ): Promise<void> {
      const { accountId } = credentials;
      await running.get(accountId);
      const report = await deps.bi.getReport(credentials, workspaceId, reportId);
      await deps.db.transaction().execute(async (trx) => {
        const stored = await contentRepository.listStored(trx, accountId);
        if (!stored.workspaces.some((workspace) => workspace.id === workspaceId)) {
          throw appErrors.notFound(workspaceNotFound);
        }
        const plan = planSavedReport(stored.items, workspaceId, report, randomUUID);
        await contentRepository.applyPlan(trx, accountId, plan);
      });
      deps.onContentChanged();
    },

    /**
     * After the portal deleted a report from the BI service: it leaves the account's content at
     * once, with the grants and favorites on it, and every cache that held it is dropped.
     */
    async forgetReport(accountId: number, reportId: string): Promise<void> {
      await running.get(accountId);
      await deps.db.transaction().execute(async (trx) => {
        await contentRepository.applyPlan(trx, accountId, planRemovedReport(reportId));
      });
      deps.onContentChanged();
    },

    /** Syncs every account one after the other, so the BI service never gets a burst. */
    async syncAll(): Promise<void> {
      for (const { id } of await accountsRepository.listIds(deps.db)) {
        await start(id, deps.backgroundBi);
      }
    },
  };
}
export type SyncService = ReturnType<typeof createSyncService>;
