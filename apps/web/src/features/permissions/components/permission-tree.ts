import type { Account } from '../../../lib/models.ts';

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
 * The save rule of spec §4: a fully selected node is one record without its children; a partially
 * selected node emits only its selected descendants; an unselected node emits nothing.
 */
export function selectedElementIds(nodes: ElementNode[], checked: ReadonlySet<string>): string[] {
  return nodes.flatMap((node) =>
    isFullySelected(node, checked) ? [node.key] : selectedElementIds(node.children, checked),
  );
}

/**
 * The records to store for a user. Grants on elements the tree does not show (for example inside an
 * account that is in error) are kept, so saving never silently revokes what the editor could not show.
 */
export function permissionRecords(
  nodes: ElementNode[],
  checked: ReadonlySet<string>,
  previous: readonly string[],
  userId: number,
): { userId: number; accountElementId: string }[] {
  const shown = allKeys(nodes);
  const hidden = previous.filter((id) => !shown.has(id));
  return [...selectedElementIds(nodes, checked), ...hidden].map((accountElementId) => ({
    userId,
    accountElementId,
  }));
}
