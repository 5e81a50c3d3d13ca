import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  groupPermissionsKey,
  saveGroupPermissions,
  saveUserPermissions,
  useAdminTree,
  useGroupPermissions,
  userPermissionsKey,
  useUserPermissions,
} from '../api/permissions-api.ts';
import { allKeys, buildElementTree, permissionRecords } from './permission-tree.ts';

/**
 * The tree and its checked keys over a holder's stored grants (a user's or a provider group's):
 * the stored ones until the administrator touches a box.
 */
function useGrantTree(grants: { data?: { accountElementId: string }[]; isLoading: boolean }) {
  const tree = useAdminTree();
  const nodes = useMemo(() => buildElementTree(tree.data ?? []), [tree.data]);
  const stored = useMemo(() => (grants.data ?? []).map((p) => p.accountElementId), [grants.data]);
  const [edited, setEdited] = useState<string[] | null>(null);
  const shown = useMemo(() => allKeys(nodes), [nodes]);
  const checked = (edited ?? stored).filter((key) => shown.has(key));
  return {
    nodes,
    checked,
    stored,
    edited,
    setChecked: setEdited,
    loading: tree.isLoading || grants.isLoading,
  };
}

/**
 * State of one user's permission tree: the tree, the checked keys and `save`, which applies the
 * spec's save rule. Key the caller by user id so a new user starts from their own grants.
 */
export function usePermissionEditor(userId: number | null) {
  const queryClient = useQueryClient();
  const { edited, stored, ...tree } = useGrantTree(useUserPermissions(userId));

  async function save(forUserId: number) {
    if (edited === null) return; // untouched: the stored grants stand
    await saveUserPermissions(
      forUserId,
      permissionRecords(tree.nodes, new Set(tree.checked), stored, forUserId),
    );
    tree.setChecked(null);
    await queryClient.invalidateQueries({ queryKey: userPermissionsKey(forUserId) });
  }

  return { ...tree, save };
}

/** The same tree for a provider group: its members inherit what is checked. */
export function useGroupPermissionEditor(name: string) {
  const queryClient = useQueryClient();
  const { edited, stored, ...tree } = useGrantTree(useGroupPermissions(name));

  async function save() {
    if (edited === null) return;
    const records = permissionRecords(tree.nodes, new Set(tree.checked), stored, 0);
    await saveGroupPermissions(
      name,
      records.map(({ accountElementId }) => accountElementId),
    );
    tree.setChecked(null);
    await queryClient.invalidateQueries({ queryKey: groupPermissionsKey(name) });
  }

  return { ...tree, save };
}
