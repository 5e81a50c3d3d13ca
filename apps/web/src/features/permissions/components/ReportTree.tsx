import { Badge, Empty, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ElementNode } from './permission-tree.ts';

interface Props {
  nodes: ElementNode[];
  loading: boolean;
  activeReportId: string | null;
  onSelectReport(reportId: string): void;
}

function toDataNodes(nodes: ElementNode[]): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    selectable: node.level === 'report',
    title:
      node.level === 'report' ? (
        node.title
      ) : (
        <span>
          {node.title}{' '}
          <Badge
            count={node.children.length}
            showZero
            color="#8c8c8c"
            size="small"
            aria-label={`${node.children.length} elementos`}
          />
        </span>
      ),
    children: toDataNodes(node.children),
  }));
}

/** Account > workspace > report with child-count badges; the selected report is highlighted (spec §2). */
export function ReportTree({ nodes, loading, activeReportId, onSelectReport }: Props) {
  if (loading) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (nodes.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay reportes disponibles" />;
  return (
    <Tree
      treeData={toDataNodes(nodes)}
      selectedKeys={activeReportId ? [activeReportId] : []}
      defaultExpandAll
      height={580}
      onSelect={(keys) => keys[0] !== undefined && onSelectReport(String(keys[0]))}
      aria-label="Reportes"
    />
  );
}
