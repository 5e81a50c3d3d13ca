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
import { allKeys, buildElementTree, permissionRecords, type GrantEnds } from './permission-tree.ts';

/**
 * The tree, its checked keys and each grant's "Válido hasta" over a holder's stored grants (a
 * user's or a provider group's): the stored ones until the administrator touches a box or a date.
 */
function useGrantTree(grants: {
  data?: { accountElementId: string; validUntil?: string | null }[];
  isLoading: boolean;
}) {
  const tree = useAdminTree();
  const nodes = useMemo(() => buildElementTree(tree.data ?? []), [tree.data]);
  const stored = useMemo(() => (grants.data ?? []).map((p) => p.accountElementId), [grants.data]);
  const storedEnds = useMemo<GrantEnds>(
    () =>
      Object.fromEntries(
        (grants.data ?? []).map((p) => [p.accountElementId, p.validUntil ?? undefined]),
      ),
    [grants.data],
  );
  const [edited, setEdited] = useState<string[] | null>(null);
  const [editedEnds, setEditedEnds] = useState<GrantEnds | null>(null);
  const shown = useMemo(() => allKeys(nodes), [nodes]);
  const checked = (edited ?? stored).filter((key) => shown.has(key));
  const ends = editedEnds ?? storedEnds;
  return {
    nodes,
    checked,
    ends,
    touched: edited !== null || editedEnds !== null,
    setChecked: setEdited,
    setEnd: (key: string, validUntil: string | undefined) =>
      setEditedEnds({ ...ends, [key]: validUntil }),
    /** The grants to send, those with an end carrying it (spec §4's save rule picks them). */
    grantsToSave: () =>
      permissionRecords(nodes, new Set(checked), stored, 0, ends).map(
        ({ userId: _, ...grant }) => grant,
      ),
    reset() {
      setEdited(null);
      setEditedEnds(null);
    },
    loading: tree.isLoading || grants.isLoading,
  };
}

/**
 * State of one user's permission tree: the tree, the checked keys and `save`, which applies the
 * spec's save rule. Key the caller by user id so a new user starts from their own grants.
 */
export function usePermissionEditor(userId: number | null) {
  const queryClient = useQueryClient();
  const { touched, grantsToSave, reset, ...tree } = useGrantTree(useUserPermissions(userId));

  async function save(forUserId: number) {
    if (!touched) return; // untouched: the stored grants stand
    await saveUserPermissions(
      forUserId,
      grantsToSave().map((grant) => ({ userId: forUserId, ...grant })),
    );
    reset();
    await queryClient.invalidateQueries({ queryKey: userPermissionsKey(forUserId) });
  }

  return { ...tree, save };
}

/** The same tree for a provider group: its members inherit what is checked. */
export function useGroupPermissionEditor(name: string) {
  const queryClient = useQueryClient();
  const { touched, grantsToSave, reset, ...tree } = useGrantTree(useGroupPermissions(name));

  async function save() {
    if (!touched) return;
    await saveGroupPermissions(name, grantsToSave());
    reset();
    await queryClient.invalidateQueries({ queryKey: groupPermissionsKey(name) });
  }

  return { ...tree, save };
}
