import type { Account } from '../../../lib/models.ts';
import { withEnd } from './grant-end.ts';

/** "Válido hasta" by element; an entry, even `undefined` (no end), is that grant's own end. */
export type GrantEnds = Readonly<Record<string, string | undefined>>;

/** One element of the account > workspace > report tree; `key` is its accountElementId. */
export interface ElementNode {
  key: string;
  title: string;
  level: 'account' | 'workspace' | 'report';
  children: ElementNode[];
}

/**
 * The tree of spec §2, labelled by account username. Accounts flagged with error are left out of the
 * permission trees (`includeErrored` keeps them, for the per-report view of what they last held).
 */
export function buildElementTree(accounts: Account[], includeErrored = false): ElementNode[] {
  return accounts
    .filter((account) => includeErrored || !account.error)
    .map((account) => ({
      key: String(account.id),
      title: account.username,
      level: 'account' as const,
      children: account.workspaces.map((workspace) => ({
        key: workspace.id,
        title: workspace.name,
        level: 'workspace' as const,
        children: workspace.reports.map((report) => ({
          key: report.id,
          title: report.name,
          level: 'report' as const,
          children: [],
        })),
      })),
    }));
}

/** Every key in the tree. */
export function allKeys(nodes: ElementNode[]): Set<string> {
  const keys = new Set<string>();
  const visit = (node: ElementNode) => {
    keys.add(node.key);
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return keys;
}

function isFullySelected(node: ElementNode, checked: ReadonlySet<string>): boolean {
  if (checked.has(node.key)) return true;
  return (
    node.children.length > 0 && node.children.every((child) => isFullySelected(child, checked))
  );
}

/**
 * The end one record for `node` would carry: its own, else the one all its children agree on;
 * null when they differ (the node then cannot stand for them as one grant).
 */
function sharedEnd(node: ElementNode, ends: GrantEnds): { end: string | undefined } | null {
  if (node.key in ends) return { end: ends[node.key] };
  const ofChildren = node.children.map((child) => sharedEnd(child, ends));
  const first = ofChildren[0] ?? { end: undefined };
  return ofChildren.every((shared) => shared?.end === first?.end) ? first : null;
}

/**
 * The save rule of spec §4: a fully selected node is one record without its children; a partially
 * selected node emits only its selected descendants; an unselected node emits nothing. A fully
 * selected node whose grants end at different times keeps them apart (each keeps its end).
 */
function selectedGrants(
  nodes: ElementNode[],
  checked: ReadonlySet<string>,
  ends: GrantEnds,
): { accountElementId: string; validUntil: string | undefined }[] {
  return nodes.flatMap((node) => {
    const shared = isFullySelected(node, checked) ? sharedEnd(node, ends) : null;
    return shared
      ? [{ accountElementId: node.key, validUntil: shared.end }]
      : selectedGrants(node.children, checked, ends);
  });
}

export function selectedElementIds(
  nodes: ElementNode[],
  checked: ReadonlySet<string>,
  ends: GrantEnds = {},
): string[] {
  return selectedGrants(nodes, checked, ends).map((grant) => grant.accountElementId);
}

/**
 * The records to store for a user, each with its end if it has one. Grants on elements the tree
 * does not show (for example inside an account that is in error) are kept, so saving never
 * silently revokes what the editor could not show.
 */
export function permissionRecords(
  nodes: ElementNode[],
  checked: ReadonlySet<string>,
  previous: readonly string[],
  userId: number,
  ends: GrantEnds = {},
): { userId: number; accountElementId: string; validUntil?: string }[] {
  const shown = allKeys(nodes);
  const hidden = previous
    .filter((id) => !shown.has(id))
    .map((accountElementId) => ({ accountElementId, validUntil: ends[accountElementId] }));
  return [...selectedGrants(nodes, checked, ends), ...hidden].map(
    ({ accountElementId, validUntil }) => withEnd({ userId, accountElementId }, validUntil),
  );
}
