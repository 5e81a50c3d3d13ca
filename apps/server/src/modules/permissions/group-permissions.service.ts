import {
  type GroupPermission,
  type ProviderGroup,
  type PutGroupPermissionsRequest,
} from '@vitrina/contracts';
import { appErrors } from '../../errors.ts';
import type { Actor } from '../../lib/audit.ts';
import { presentedValidUntil, storedValidUntil } from './grant-end.ts';
import { groupPermissionsRepository } from './group-permissions.repository.ts';
import type { PermissionChangeDeps } from './permissions.service.ts';
import { permissionsRepository } from './permissions.repository.ts';

const groupMessages = {
  notFound: 'El grupo no existe: aparece aquí cuando alguien de ese grupo inicia sesión.',
  unknownElement: 'El elemento indicado no existe.',
} as const;

/**
 * Grants to provider groups (administrators only, checked by the routes). A member of a group
 * inherits its grants as if they were their own, down the account > workspace > report tree.
 */
export function createGroupPermissionsService(deps: PermissionChangeDeps) {
  const { db } = deps;

  async function requireGroup(name: string) {
    if (!(await groupPermissionsRepository.groupExists(db, name))) {
      throw appErrors.notFound(groupMessages.notFound);
    }
  }
  const list = async (name: string): Promise<GroupPermission[]> =>
    (await groupPermissionsRepository.listByGroup(db, name)).map((row) => ({
      id: row.id,
      accountElementId: row.account_element_id,
      ...presentedValidUntil(row.valid_until),
    }));

  return {
    async groups(): Promise<ProviderGroup[]> {
      return (await groupPermissionsRepository.listGroups(db)).map((row) => ({
        name: row.name,
        members: Number(row.members),
        lastSeenAt: row.last_seen_at,
      }));
    },

    async listForGroup(name: string): Promise<GroupPermission[]> {
      await requireGroup(name);
      return list(name);
    },

    /** Replaces the group's grants with exactly `records`. */
    async replace(
      name: string,
      records: PutGroupPermissionsRequest,
      actor: Actor,
    ): Promise<GroupPermission[]> {
      await requireGroup(name);
      // One grant per element; the last record naming an element sets its end.
      const ends = new Map(records.map((record) => [record.accountElementId, record.validUntil]));
      const ids = [...ends.keys()];
      const types = await permissionsRepository.elementTypes(db, ids);
      const rows = ids.map((id) => {
        const type = types.get(id);
        if (!type) {
          const index = records.findIndex((record) => record.accountElementId === id);
          throw appErrors.validation(`${index}.accountElementId`, groupMessages.unknownElement);
        }
        return {
          account_element_id: id,
          element_type: type,
          valid_until: storedValidUntil(ends.get(id)),
        };
      });
      const entry = (before: string[]) => ({
        action: 'group.permissions.replace',
        targetType: 'group',
        targetId: name,
        detail: { count: rows.length, before, after: rows.map((row) => row.account_element_id) },
      });
      await deps.audit.change(db, actor, entry, async (trx) => {
        const before = await groupPermissionsRepository.listByGroup(trx, name);
        await groupPermissionsRepository.replaceForGroup(trx, name, rows);
        return before.map((row) => row.account_element_id);
      });
      deps.grants.invalidate();
      return list(name);
    },
  };
}
export type GroupPermissionsService = ReturnType<typeof createGroupPermissionsService>;
