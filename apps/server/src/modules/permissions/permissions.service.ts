import type { Kysely } from 'kysely';
import { errorMessages, type Permission, type PutPermissionsRequest } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import { presentedValidUntil, storedValidUntil } from './grant-end.ts';
import type { GrantsCache } from './grants-cache.ts';
import { canHoldPermissions } from './permissions.policy.ts';
import { permissionsRepository, type NewPermissionRow } from './permissions.repository.ts';

const permissionMessages = {
  notViewer: 'Solo los usuarios con rol Visualizador pueden recibir permisos.',
  unknownElement: 'El elemento indicado no existe.',
} as const;

function toPermission(row: {
  id: number;
  user_id: number;
  account_element_id: string;
  valid_until: string | null;
}): Permission {
  return {
    id: row.id,
    userId: row.user_id,
    accountElementId: row.account_element_id,
    ...presentedValidUntil(row.valid_until),
  };
}

/**
 * Checks that every id names an existing viewer; throws a validation error naming the first
 * offending field (`fieldOf(index)`).
 */
export async function assertViewers(
  db: Kysely<Database>,
  userIds: number[],
  fieldOf: (index: number) => string,
) {
  const users = new Map(
    (await permissionsRepository.usersByIds(db, [...new Set(userIds)])).map((u) => [u.id, u]),
  );
  userIds.forEach((id, index) => {
    const user = users.get(id);
    if (!user) throw appErrors.validation(fieldOf(index), errorMessages.userNotFound);
    if (!canHoldPermissions(user))
      throw appErrors.validation(fieldOf(index), permissionMessages.notViewer);
  });
}

/** What a service that changes permissions needs: the change is audited, the grants dropped. */
export interface PermissionChangeDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  grants: Pick<GrantsCache, 'invalidate'>;
}

/** Per-user permissions: list, replace, clear (administrators only, checked by the routes). */
type GrantRow = { user_id: number; account_element_id: string };

/** Grants as the audit log records them, before and after a change. */
const grantsOf = (rows: GrantRow[]) =>
  rows.map((row) => ({ userId: row.user_id, accountElementId: row.account_element_id }));

async function grantsOfUsers(db: Kysely<Database>, userIds: number[]): Promise<GrantRow[]> {
  const lists = await Promise.all(userIds.map((id) => permissionsRepository.listByUser(db, id)));
  return lists.flat();
}

export function createPermissionsService(deps: PermissionChangeDeps) {
  const { db } = deps;

  async function assertUserExists(userId: number) {
    if (!(await permissionsRepository.usersByIds(db, [userId])).length) {
      throw appErrors.notFound(errorMessages.userNotFound);
    }
  }

  return {
    async listForUser(userId: number): Promise<Permission[]> {
      await assertUserExists(userId);
      return (await permissionsRepository.listByUser(db, userId)).map(toPermission);
    },

    /** Replaces the permissions of every user named in `records` with exactly those records. */
    async replace(records: PutPermissionsRequest, actor: Actor): Promise<Permission[]> {
      await assertViewers(
        db,
        records.map((r) => r.userId),
        (index) => `${index}.userId`,
      );
      const types = await permissionsRepository.elementTypes(
        db,
        records.map((r) => r.accountElementId),
      );
      const rows = new Map<string, NewPermissionRow>();
      records.forEach((record, index) => {
        const type = types.get(record.accountElementId);
        if (!type)
          throw appErrors.validation(
            `${index}.accountElementId`,
            permissionMessages.unknownElement,
          );
        rows.set(`${record.userId}\n${record.accountElementId}`, {
          user_id: record.userId,
          account_element_id: record.accountElementId,
          element_type: type,
          valid_until: storedValidUntil(record.validUntil),
        });
      });
      const userIds = [...new Set(records.map((r) => r.userId))];
      const after = [...rows.values()];
      const entry = (before: GrantRow[]) => ({
        action: 'permissions.replace',
        targetType: 'user',
        targetId: userIds.join(','),
        detail: { count: rows.size, before: grantsOf(before), after: grantsOf(after) },
      });
      await deps.audit.change(db, actor, entry, async (trx) => {
        const before = await grantsOfUsers(trx, userIds);
        await permissionsRepository.deleteByUsers(trx, userIds);
        await permissionsRepository.insert(trx, after);
        return before;
      });
      deps.grants.invalidate();
      const saved = await Promise.all(
        userIds.map((id) => permissionsRepository.listByUser(db, id)),
      );
      return saved.flat().map(toPermission);
    },

    async clearForUser(userId: number, actor: Actor): Promise<void> {
      await assertUserExists(userId);
      const entry = (before: GrantRow[]) => ({
        action: 'permissions.clear',
        targetType: 'user',
        targetId: userId,
        detail: { before: grantsOf(before) },
      });
      await deps.audit.change(db, actor, entry, async (trx) => {
        const before = await grantsOfUsers(trx, [userId]);
        await permissionsRepository.deleteByUsers(trx, [userId]);
        return before;
      });
      deps.grants.invalidate();
    },
  };
}
export type PermissionsService = ReturnType<typeof createPermissionsService>;
