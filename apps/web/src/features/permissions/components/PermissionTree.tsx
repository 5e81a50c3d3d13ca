import { Empty, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ElementNode } from './permission-tree.ts';

/** What the tree shows and edits: a user's permissions being edited (`usePermissionEditor`). */
interface TreeEditor {
  nodes: ElementNode[];
  checked: string[];
  loading: boolean;
  setChecked(checked: string[]): void;
}

interface Props {
  editor: TreeEditor;
  /** Tree panel height: 580 px in the administration pages (spec §9). */
  height?: number;
  expandAll?: boolean;
}

const toDataNodes = (nodes: ElementNode[]): DataNode[] =>
  nodes.map((node) => ({ key: node.key, title: node.title, children: toDataNodes(node.children) }));

/** Account (by username) > workspace > report with checkboxes and the half-checked state. */
export function PermissionTree({ editor, height, expandAll = false }: Props) {
  const { nodes, checked, loading, setChecked } = editor;
  if (loading) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (nodes.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay reportes disponibles" />;
  return (
    <Tree
      checkable
      selectable={false}
      treeData={toDataNodes(nodes)}
      checkedKeys={checked}
      defaultExpandAll={expandAll}
      height={height}
      onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
      aria-label="Permisos"
    />
  );
}
