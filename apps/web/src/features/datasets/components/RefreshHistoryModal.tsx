import { useQuery } from '@tanstack/react-query';
import { Modal, Table } from 'antd';
import type { DatasetRefresh, DatasetSummary } from '@vitrina/contracts';
import { LoadError } from '../../../components/LoadError.tsx';
import { fetchRefreshes, type WorkspaceRef } from '../api/datasets-api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { refreshStatusLabel, refreshTypeLabel } from './refresh-labels.ts';

/** The dataset's refresh history, newest first, with the error of a failed refresh. */
export function RefreshHistoryModal(props: {
  where: WorkspaceRef;
  dataset: DatasetSummary;
  onClose(): void;
}) {
  const refreshes = useQuery({
    queryKey: ['dataset-refreshes', props.where.accountId, props.dataset.id],
    queryFn: () => fetchRefreshes(props.where, props.dataset.id),
  });
  return (
    <Modal
      open
      title={`Historial de actualizaciones: ${props.dataset.name}`}
      footer={null}
      onCancel={props.onClose}
      width={720}
    >
      <LoadError error={refreshes.error} />
      <Table<DatasetRefresh>
        rowKey="id"
        size="small"
        loading={refreshes.isPending}
        dataSource={refreshes.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Sin actualizaciones' }}
        columns={[
          { title: 'Inicio', render: (_value, row) => formatDateTime(row.startTime) },
          { title: 'Fin', render: (_value, row) => formatDateTime(row.endTime) },
          { title: 'Tipo', render: (_value, row) => refreshTypeLabel(row.refreshType) },
          { title: 'Estado', render: (_value, row) => refreshStatusLabel(row.status) },
          { title: 'Error', render: (_value, row) => row.error ?? '' },
        ]}
      />
    </Modal>
  );
}
