import type { Kysely } from 'kysely';
import {
  authTypes,
  errorMessages,
  type Account,
  type AccountToken,
  type CreateAccountRequest,
  type UpdateAccountRequest,
} from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import { portalErrorOf } from '../bi-client/portal-error.ts';
import type { BiTokenProvider } from '../bi-client/bi-token-provider.ts';
import type { ContentCache } from '../content/content-cache.ts';
import { contentRepository } from '../content/content.repository.ts';
import { visibleContent } from '../content/content-snapshot.ts';
import {
  canActFor,
  isAdministrator,
  type Grants,
  type PolicyUser,
} from '../permissions/permissions.policy.ts';
import { groupPermissionsRepository } from '../permissions/group-permissions.repository.ts';
import { permissionsRepository } from '../permissions/permissions.repository.ts';
import { credentialsOf } from './account-credentials.ts';
import { toAccountDto, toViewerAccountDto } from './accounts.presenter.ts';
import { accountsRepository } from './accounts.repository.ts';
import type { SecretBox } from './secret-box.ts';
import { createTreeCache, type AccountTree } from './tree-cache.ts';

const accountMessages = {
  notFound: 'La cuenta no existe.',
} as const;

/** Integration accounts: the visible tree, create/update/delete with sync, BI access tokens. */
export function createAccountsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditLog;
  secrets: SecretBox;
  content: ContentCache;
  grants: (userId: number) => Promise<Grants>;
  favorites: (userId: number) => Promise<ReadonlySet<number>>;
  biTokens: Pick<BiTokenProvider, 'getToken'>;
  /** Brings the account's content in line with its BI service (the sync module). */
  syncAccount: (accountId: number) => Promise<unknown>;
  /** Forgets everything cached for an account whose credentials changed or that is gone. */
  forgetAccount: (accountId: number) => void;
}) {
  const { db, content, secrets } = deps;
  const now = () => deps.clock.now().getTime();

  /** The sign-in columns of a create or update; secrets are sealed, never stored in clear. */
  function signInColumns(input: CreateAccountRequest) {
    const servicePrincipal = input.authType === authTypes.servicePrincipal;
    return {
      auth_type: servicePrincipal ? authTypes.servicePrincipal : authTypes.masterUser,
      password_encrypted: secrets.encrypt(input.password ?? ''),
      client_id: input.clientId.trim(),
      tenant_id: servicePrincipal ? (input.tenantId?.trim() ?? null) : null,
      certificate_encrypted:
        servicePrincipal && input.certificate ? secrets.encrypt(input.certificate) : null,
      secret_expires_at: input.secretExpiresAt ?? null,
    };
  }
  const trees = createTreeCache();

  /** What the audit log keeps of an account's state: everything but its secrets. */
  function auditedState(row: {
    username: string;
    description: string;
    auth_type: string;
    client_id: string;
    tenant_id: string | null;
    secret_expires_at: string | null;
  }) {
    return {
      username: row.username,
      description: row.description,
      authType: row.auth_type,
      clientId: row.client_id,
      tenantId: row.tenant_id,
      secretExpiresAt: row.secret_expires_at,
    };
  }

  async function getAccount(id: number) {
    const account = await accountsRepository.getById(db, id);
    if (!account) throw appErrors.notFound(accountMessages.notFound);
    return account;
  }

  /** One account with all its content, as the administration screens show it after a change. */
  async function present(id: number, viewerId: number): Promise<Account> {
    const account = (await content.get()).accounts.find((a) => a.id === id);
    if (!account) throw appErrors.notFound(accountMessages.notFound);
    return toAccountDto(account, await deps.favorites(viewerId), now());
  }

  return {
    /**
     * The accounts > workspaces > reports that `userId` may see, with that user's favorites.
     * Only administrators get the integration login, client id and sync state.
     */
    async treeFor(requester: PolicyUser, userId: number): Promise<AccountTree> {
      if (!canActFor(requester, userId)) throw appErrors.forbidden();
      // The session already carries the requester's role: only another user needs a lookup.
      const [target] =
        requester.id === userId
          ? [requester]
          : await permissionsRepository.usersByIds(db, [userId]);
      if (!target) throw appErrors.notFound(errorMessages.userNotFound);
      const seesAll = isAdministrator(target);
      const [snapshot, favorites, grants] = await Promise.all([
        content.get(),
        deps.favorites(userId),
        seesAll ? null : deps.grants(userId),
      ]);
      const adminShape = isAdministrator(requester);
      return trees.get(snapshot, { userId, seesAll, adminShape }, { grants, favorites }, () => {
        const visible = grants ? visibleContent(snapshot, grants) : snapshot.accounts;
        // Warnings (a secret close to expiry) are judged when the tree is built; a tree lives
        // only as long as its content snapshot.
        const at = now();
        return visible.map((account) =>
          adminShape
            ? toAccountDto(account, favorites, at)
            : toViewerAccountDto(account, favorites),
        );
      });
    },

    /** Every account with all content (administration trees). */
    async all(requester: PolicyUser): Promise<Account[]> {
      const [snapshot, favorites] = await Promise.all([
        content.get(),
        deps.favorites(requester.id),
      ]);
      const at = now();
      return snapshot.accounts.map((account) => toAccountDto(account, favorites, at));
    },

    async create(input: CreateAccountRequest, actor: Actor & { id: number }): Promise<Account> {
      const now = deps.clock.now().toISOString();
      const row = {
        username: input.username.trim(),
        ...signInColumns(input),
        description: input.description.trim(),
        error: 0,
        message: null,
        last_sync_at: null,
        created_at: now,
        updated_at: now,
      };
      const entry = (created: number) => ({
        action: 'account.create',
        targetType: 'account',
        targetId: created,
        detail: { after: auditedState(row) },
      });
      const id = await deps.audit.change(db, actor, entry, (trx) =>
        accountsRepository.create(trx, row),
      );
      content.invalidate();
      await deps.syncAccount(id);
      return present(id, actor.id);
    },

    async update(input: UpdateAccountRequest, actor: Actor & { id: number }): Promise<Account> {
      const existing = await getAccount(input.id);
      if (input.username.trim() !== existing.username) {
        throw appErrors.validation('username', errorMessages.usernameReadOnly);
      }
      const changes = {
        ...signInColumns(input),
        description: input.description.trim(),
        updated_at: deps.clock.now().toISOString(),
      };
      const entry = {
        action: 'account.update',
        targetType: 'account',
        targetId: existing.id,
        detail: {
          before: auditedState(existing),
          after: auditedState({ ...existing, ...changes }),
          // The secrets are never logged, only whether new ones were given.
          secretsGiven: Boolean(input.password || input.certificate),
        },
      };
      await deps.audit.change(db, actor, entry, (trx) =>
        accountsRepository.update(trx, existing.id, changes),
      );
      deps.forgetAccount(existing.id);
      await deps.syncAccount(existing.id);
      return present(existing.id, actor.id);
    },

    /** Deletes an account with its workspaces, reports, favorites and the permissions on them. */
    async delete(id: number, actor: Actor): Promise<void> {
      const existing = await getAccount(id);
      const entry = {
        action: 'account.delete',
        targetType: 'account',
        targetId: id,
        detail: { before: auditedState(existing) },
      };
      await deps.audit.change(db, actor, entry, async (trx) => {
        const elementIds = await contentRepository.elementIdsOfAccount(trx, id);
        // Workspaces, reports and favorites go by foreign-key cascade; permissions point at ids.
        await accountsRepository.delete(trx, id);
        await permissionsRepository.deleteByElements(trx, [String(id)]);
        await groupPermissionsRepository.deleteByElements(trx, [String(id)]);
        await contentRepository.deleteOrphanPermissions(trx, elementIds);
      });
      deps.forgetAccount(id);
    },

    /** A fresh BI access token for the account (administrators only, checked by the route). */
    async accessToken(id: number): Promise<AccountToken> {
      const account = await getAccount(id);
      try {
        const token = await deps.biTokens.getToken(credentialsOf(account, secrets));
        return { accessToken: token.accessToken, expiration: token.expiresOn.toISOString() };
      } catch (error) {
        if (error instanceof BiServiceError) throw portalErrorOf(error);
        throw error;
      }
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
