import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { usersQuery } from '../../../lib/users.ts';
import { useAdminTree } from '../api/permissions-api.ts';
import { buildElementTree } from './permission-tree.ts';
import { ReportAccessPanel } from './ReportAccessPanel.tsx';
import { ReportTree } from './ReportTree.tsx';
import './admin-panels.css';

/** Administración - Permisos por reporte (spec §2): the tree on the left, the selected report's access on the right. */
export function PermissionsByReportPage() {
  const tree = useAdminTree();
  const { data: users = [] } = useQuery(usersQuery);
  const nodes = useMemo(() => buildElementTree(tree.data ?? [], true), [tree.data]);
  const [activeReportId, setActiveReportId] = useState<string | null>(null);
  return (
    <>
      <PageTitle title="Administración - Permisos por reporte" />
      <LoadError error={tree.error} />
      <div className="vt-split">
        <Card size="small" title="Reportes">
          <ReportTree
            nodes={nodes}
            loading={tree.isLoading}
            activeReportId={activeReportId}
            onSelectReport={setActiveReportId}
          />
        </Card>
        {activeReportId ? (
          <ReportAccessPanel key={activeReportId} reportId={activeReportId} users={users} />
        ) : (
          <Card size="small">
            {tree.isLoading ? <Spin /> : <Empty description="Seleccione un reporte" />}
          </Card>
        )}
      </div>
    </>
  );
}
