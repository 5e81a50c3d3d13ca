import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  saveUserPermissions,
  useAdminTree,
  userPermissionsKey,
  useUserPermissions,
} from '../api/permissions-api.ts';
import { allKeys, buildElementTree, permissionRecords } from './permission-tree.ts';

/**
 * State of one user's permission tree: the tree, the checked keys (the stored grants until the user
 * touches a box) and `save`, which applies the spec's save rule. Key the caller by user id so a new
 * user starts from their own grants.
 */
export function usePermissionEditor(userId: number | null) {
  const queryClient = useQueryClient();
  const tree = useAdminTree();
  const permissions = useUserPermissions(userId);
  const nodes = useMemo(() => buildElementTree(tree.data ?? []), [tree.data]);
  const stored = useMemo(
    () => (permissions.data ?? []).map((p) => p.accountElementId),
    [permissions.data],
  );
  const [edited, setEdited] = useState<string[] | null>(null);
  const shown = useMemo(() => allKeys(nodes), [nodes]);
  const checked = (edited ?? stored).filter((key) => shown.has(key));

  async function save(forUserId: number) {
    if (edited === null) return; // untouched: the stored grants stand
    await saveUserPermissions(
      forUserId,
      permissionRecords(nodes, new Set(checked), stored, forUserId),
    );
    setEdited(null);
    await queryClient.invalidateQueries({ queryKey: userPermissionsKey(forUserId) });
  }

  return {
    nodes,
    checked,
    setChecked: setEdited,
    save,
    loading: tree.isLoading || permissions.isLoading,
  };
}
