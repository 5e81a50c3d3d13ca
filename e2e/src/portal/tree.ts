import type { Locator } from 'playwright-core';

/** The Ant Design tree node (within `scope`) whose own title is exactly `title`. */
export const treeNode = (scope: Locator, title: string): Locator =>
  scope.locator('.ant-tree-treenode').filter({
    has: scope.page().locator('.ant-tree-title').getByText(title, { exact: true }),
  });

/** Ticks (or unticks) a node's checkbox. */
export async function toggleNode(scope: Locator, title: string): Promise<void> {
  await treeNode(scope, title).locator('.ant-tree-checkbox').click();
}

/** Expands a collapsed node so its children render. */
export async function expandNode(scope: Locator, title: string): Promise<void> {
  const node = treeNode(scope, title);
  if (await node.locator('.ant-tree-switcher_close').count())
    await node.locator('.ant-tree-switcher').click();
}
