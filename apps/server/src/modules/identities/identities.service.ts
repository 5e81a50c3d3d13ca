import type { Kysely } from 'kysely';
import { errorMessages, type PutRlsIdentityRequest, type RlsIdentity } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import { createPerUserCache } from '../../lib/loading-cache.ts';
import { usersRepository } from '../users/users.repository.ts';
import { identitiesRepository, type StoredIdentity } from './identities.repository.ts';

const identityMessages = {
  notFound: 'La identidad no existe.',
} as const;

/**
 * Each viewer's identities, read once per 10 s at most (as grants, decision 0024). A provider
 * user's RLS claim is their account-wide identity on every account where the administrator
 * mapped none (an explicit mapping is a deliberate choice and wins); `claimRoles` go with it.
 */
export function createIdentitiesCache(deps: {
  db: Kysely<Database>;
  now: () => number;
  claimRoles: readonly string[];
}) {
  return createPerUserCache<StoredIdentity[]>({
    now: deps.now,
    maxAgeMs: 10_000,
    load: async (userId) => {
      const [mapped, claim] = await Promise.all([
        identitiesRepository.ofUser(deps.db, userId),
        identitiesRepository.fromClaim(deps.db, userId),
      ]);
      if (!claim) return mapped;
      const accountWide = new Set(
        mapped.filter((i) => i.datasetId === null).map((i) => i.accountId),
      );
      const fromClaim = claim.accountIds
        .filter((accountId) => !accountWide.has(accountId))
        .map((accountId) => ({
          id: 0,
          userId,
          accountId,
          datasetId: null,
          username: claim.username,
          roles: [...deps.claimRoles],
        }));
      return [...mapped, ...fromClaim];
    },
  });
}

/**
 * Viewers' effective identities per account or dataset. Every write calls `identityChanged`
 * with the viewer, which must drop that viewer's cached identities and embed tokens at once.
 */
export function createIdentitiesService(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  accountExists: (accountId: number) => Promise<boolean>;
  identityChanged: (userId: number) => void;
}) {
  const { db } = deps;
  async function requireAccount(accountId: number) {
    if (!(await deps.accountExists(accountId))) throw appErrors.notFound('La cuenta no existe.');
  }
  return {
    async list(accountId: number): Promise<RlsIdentity[]> {
      await requireAccount(accountId);
      return identitiesRepository.ofAccount(db, accountId);
    },
    /** Creates or replaces (user, dataset)'s identity; the username defaults to the user's mail. */
    async put(accountId: number, input: PutRlsIdentityRequest, actor: Actor): Promise<void> {
      await requireAccount(accountId);
      const user = await usersRepository.getById(db, input.userId);
      if (!user) throw appErrors.notFound(errorMessages.userNotFound);
      const identity = {
        userId: user.id,
        accountId,
        datasetId: input.datasetId?.trim() || null,
        username: input.username?.trim() || user.mail,
        roles: input.roles.map((role) => role.trim()),
      };
      const previous = (await identitiesRepository.ofUser(db, user.id)).find(
        (stored) => stored.accountId === accountId && stored.datasetId === identity.datasetId,
      );
      const entry = {
        action: 'identity.put',
        targetType: 'user',
        targetId: user.id,
        detail: {
          accountId,
          datasetId: identity.datasetId,
          roles: identity.roles,
          before: previous ? { username: previous.username, roles: previous.roles } : null,
          after: { username: identity.username, roles: identity.roles },
        },
      };
      await deps.audit.change(db, actor, entry, (trx) => identitiesRepository.put(trx, identity));
      deps.identityChanged(user.id);
    },
    async delete(accountId: number, id: number, actor: Actor): Promise<void> {
      const identity = await identitiesRepository.getById(db, id);
      if (!identity || identity.accountId !== accountId) {
        throw appErrors.notFound(identityMessages.notFound);
      }
      const entry = {
        action: 'identity.delete',
        targetType: 'user',
        targetId: identity.userId,
        detail: {
          accountId,
          datasetId: identity.datasetId,
          before: { username: identity.username, roles: identity.roles },
        },
      };
      await deps.audit.change(db, actor, entry, (trx) => identitiesRepository.delete(trx, id));
      deps.identityChanged(identity.userId);
    },
  };
}
export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
