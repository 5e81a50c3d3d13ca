import { Empty, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { hasEnded } from './grant-end.ts';
import { GrantEndInput } from './GrantEndInput.tsx';
import { selectedElementIds, type ElementNode, type GrantEnds } from './permission-tree.ts';

/** What the tree shows and edits: a user's permissions being edited (`usePermissionEditor`). */
interface TreeEditor {
  nodes: ElementNode[];
  checked: string[];
  loading: boolean;
  setChecked(checked: string[]): void;
  /** "Válido hasta" of each grant, by element. */
  ends: GrantEnds;
  setEnd(key: string, validUntil: string | undefined): void;
}

interface Props {
  editor: TreeEditor;
  /** Tree panel height: 580 px in the administration pages (spec §9). */
  height?: number;
  expandAll?: boolean;
}

/**
 * Tree nodes; each element that will be stored as a grant (spec §4's save rule) carries its
 * "Válido hasta", and an ended grant is greyed until the administrator unchecks it.
 */
function toDataNodes(nodes: ElementNode[], editor: TreeEditor, grants: Set<string>): DataNode[] {
  return nodes.map((node) => {
    const end = editor.ends[node.key];
    const title = grants.has(node.key) ? (
      <span className={hasEnded(end) ? 'vt-grant--ended' : undefined}>
        {node.title}
        <GrantEndInput
          label={node.title}
          value={end}
          onChange={(value) => editor.setEnd(node.key, value)}
        />
      </span>
    ) : (
      node.title
    );
    return { key: node.key, title, children: toDataNodes(node.children, editor, grants) };
  });
}

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
      treeData={toDataNodes(
        nodes,
        editor,
        new Set(selectedElementIds(nodes, new Set(checked), editor.ends)),
      )}
      checkedKeys={checked}
      defaultExpandAll={expandAll}
      height={height}
      onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
      aria-label="Permisos"
    />
  );
}
