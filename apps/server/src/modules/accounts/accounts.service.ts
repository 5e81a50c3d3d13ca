import type { Kysely } from 'kysely';
import {
  errorMessages,
  type Account,
  type AccountToken,
  type CreateAccountRequest,
  type UpdateAccountRequest,
} from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import type { Integration } from '../bi-client/integration.ts';
import { canActFor, isAdministrator, type PolicyUser } from '../permissions/permissions.policy.ts';
import { permissionsRepository } from '../permissions/permissions.repository.ts';
import { contentRepository } from '../sync/content.repository.ts';
import { credentialsOf } from '../sync/sync.service.ts';
import { toAccountDto } from './accounts.presenter.ts';
import { visibleContent } from './content-snapshot.ts';
import { accountsRepository } from './accounts.repository.ts';

export const accountMessages = {
  notFound: 'La cuenta no existe.',
} as const;

/** Integration accounts: the visible tree, create/update/delete with sync, BI access tokens. */
export function createAccountsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditLog;
  integration: Integration;
}) {
  const { db, integration } = deps;

  async function getAccount(id: number) {
    const account = await accountsRepository.getById(db, id);
    if (!account) throw appErrors.notFound(accountMessages.notFound);
    return account;
  }

  /** One account with all its content, as the administration screens show it after a change. */
  async function present(id: number, viewerId: number): Promise<Account> {
    const account = (await integration.content.get()).accounts.find((a) => a.id === id);
    if (!account) throw appErrors.notFound(accountMessages.notFound);
    return toAccountDto(account, await integration.access.favorites(viewerId));
  }

  /** Forgets everything cached for an account whose credentials changed or that is gone. */
  function forgetCaches(accountId: number) {
    integration.content.invalidate();
    integration.access.invalidateAll();
    integration.tokens.forget(accountId);
    integration.embedTokens.deleteMatching((key) => key.startsWith(`${accountId}:`));
  }

  return {
    /** The accounts > workspaces > reports that `userId` may see, with that user's favorites. */
    async treeFor(requester: PolicyUser, userId: number): Promise<Account[]> {
      if (!canActFor(requester, userId)) throw appErrors.forbidden();
      // The session already carries the requester's role: only another user needs a lookup.
      const [target] =
        requester.id === userId
          ? [requester]
          : await permissionsRepository.usersByIds(db, [userId]);
      if (!target) throw appErrors.notFound(errorMessages.userNotFound);
      const [snapshot, favorites] = await Promise.all([
        integration.content.get(),
        integration.access.favorites(userId),
      ]);
      const visible = isAdministrator(target)
        ? snapshot.accounts
        : visibleContent(snapshot, await integration.access.grants(userId));
      return visible.map((account) => toAccountDto(account, favorites));
    },

    /** Every account with all content (administration trees). */
    async all(requester: PolicyUser): Promise<Account[]> {
      const [snapshot, favorites] = await Promise.all([
        integration.content.get(),
        integration.access.favorites(requester.id),
      ]);
      return snapshot.accounts.map((account) => toAccountDto(account, favorites));
    },

    async create(input: CreateAccountRequest, actor: Actor & { id: number }): Promise<Account> {
      const now = deps.clock.now().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const created = await accountsRepository.create(trx, {
          username: input.username.trim(),
          password_encrypted: integration.secrets.encrypt(input.password),
          client_id: input.clientId.trim(),
          description: input.description.trim(),
          error: 0,
          message: null,
          last_sync_at: null,
          created_at: now,
          updated_at: now,
        });
        await deps.audit.record(trx, actor, {
          action: 'account.create',
          targetType: 'account',
          targetId: created,
        });
        return created;
      });
      integration.content.invalidate();
      await integration.sync.syncAccount(id);
      return present(id, actor.id);
    },

    async update(input: UpdateAccountRequest, actor: Actor & { id: number }): Promise<Account> {
      const existing = await getAccount(input.id);
      if (input.username.trim() !== existing.username) {
        throw appErrors.validation('username', errorMessages.usernameReadOnly);
      }
      await db.transaction().execute(async (trx) => {
        await accountsRepository.update(trx, existing.id, {
          password_encrypted: integration.secrets.encrypt(input.password),
          client_id: input.clientId.trim(),
          description: input.description.trim(),
          updated_at: deps.clock.now().toISOString(),
        });
        await deps.audit.record(trx, actor, {
          action: 'account.update',
          targetType: 'account',
          targetId: existing.id,
        });
      });
      forgetCaches(existing.id);
      await integration.sync.syncAccount(existing.id);
      return present(existing.id, actor.id);
    },

    /** Deletes an account with its workspaces, reports, favorites and the permissions on them. */
    async delete(id: number, actor: Actor): Promise<void> {
      await getAccount(id);
      await db.transaction().execute(async (trx) => {
        const elementIds = await contentRepository.elementIdsOfAccount(trx, id);
        // Workspaces, reports and favorites go by foreign-key cascade; permissions point at ids.
        await accountsRepository.delete(trx, id);
        await permissionsRepository.deleteByElements(trx, [String(id)]);
        await contentRepository.deleteOrphanPermissions(trx, elementIds);
        await deps.audit.record(trx, actor, {
          action: 'account.delete',
          targetType: 'account',
          targetId: id,
        });
      });
      forgetCaches(id);
    },

    /** A fresh BI access token for the account (administrators only, checked by the route). */
    async accessToken(id: number): Promise<AccountToken> {
      const account = await getAccount(id);
      try {
        const token = await integration.tokens.getToken(
          credentialsOf(account, integration.secrets),
        );
        return { accessToken: token.accessToken, expiration: token.expiresOn.toISOString() };
      } catch (error) {
        if (error instanceof BiServiceError) throw new AppError('bad_gateway', error.message);
        throw error;
      }
    },
  };
}
