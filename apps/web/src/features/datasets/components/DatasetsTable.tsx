import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import type { DatasetRefresh, DatasetSource, DatasetSummary } from '@vitrina/contracts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useNotify } from '../../../components/use-notify.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  datasetsKey,
  deleteDataset,
  fetchDatasets,
  refreshNow,
  useInvalidateDatasets,
  type WorkspaceRef,
} from '../api/datasets-api.ts';
import { columnTypeLabel } from './column-type-labels.ts';
import { RefreshHistoryModal } from './RefreshHistoryModal.tsx';
import { refreshStatusLabel } from './refresh-labels.ts';

const sourceLabels: Record<DatasetSource, string> = {
  archivo: 'Archivo subido',
  push: 'API de inserción',
  origen: 'Origen actualizable',
};
/** A model the BI service declares itself (source null): shown, never changed from here. */
const serviceModelLabel = 'Modelo del servicio de BI';

const rowsFormat = new Intl.NumberFormat('es');
const rowCountText = (rowCount: number) =>
  `${rowsFormat.format(rowCount)} ${rowCount === 1 ? 'fila' : 'filas'}`;

const lastRefreshText = (refresh: DatasetRefresh | null) =>
  refresh
    ? `${formatDateTime(refresh.endTime ?? refresh.startTime)} (${refreshStatusLabel(refresh.status)})`
    : '—';

/** The workspace's datasets: tables with row counts and columns, source, last refresh, actions. */
export function DatasetsTable({ where }: { where: WorkspaceRef }) {
  const notify = useNotify();
  const reload = useInvalidateDatasets();
  const datasets = useQuery({ queryKey: datasetsKey(where), queryFn: () => fetchDatasets(where) });
  const [history, setHistory] = useState<DatasetSummary | null>(null);
  const [deleting, setDeleting] = useState<DatasetSummary | null>(null);

  const refresh = useMutation({
    mutationFn: (dataset: DatasetSummary) => refreshNow(where, dataset.id),
    onSuccess: async (_answer, dataset) => {
      await reload(where);
      notify.success('Actualizar ahora', `Se actualizó el conjunto de datos ${dataset.name}`);
    },
    onError: (error) => notify.error(error, 'Actualizar ahora'),
  });
  const remove = useMutation({
    mutationFn: (dataset: DatasetSummary) => deleteDataset(where, dataset.id),
    onSuccess: async (_answer, dataset) => {
      await reload(where);
      setDeleting(null);
      notify.success(
        'Eliminar conjunto de datos',
        `Se eliminó el conjunto de datos ${dataset.name}`,
      );
    },
    onError: (error) => notify.error(error, 'Eliminar conjunto de datos'),
  });

  if (datasets.isError) return <LoadError error={datasets.error} />;
  return (
    <>
      <Table<DatasetSummary>
        rowKey="id"
        loading={datasets.isPending}
        dataSource={datasets.data ?? []}
        pagination={false}
        columns={[
          { title: 'Conjunto de datos', dataIndex: 'name' },
          {
            title: 'Tablas (filas) y columnas',
            render: (_value, dataset) =>
              dataset.tables.length === 0 ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                dataset.tables.map((table) => (
                  <div key={table.name}>
                    <Typography.Text strong>{table.name}</Typography.Text>
                    {table.rowCount !== null && (
                      <Typography.Text type="secondary">
                        {' '}
                        ({rowCountText(table.rowCount)})
                      </Typography.Text>
                    )}
                    :{' '}
                    {table.columns
                      .map((column) => `${column.name} (${columnTypeLabel(column.dataType)})`)
                      .join(', ')}
                  </div>
                ))
              ),
          },
          {
            title: 'Origen',
            render: (_value, dataset) =>
              dataset.source ? sourceLabels[dataset.source] : serviceModelLabel,
          },
          {
            title: 'Última actualización',
            render: (_value, dataset) => lastRefreshText(dataset.lastRefresh),
          },
          {
            title: 'Acciones',
            render: (_value, dataset) => (
              <Space wrap>
                {dataset.refreshable && (
                  <>
                    <Button
                      size="small"
                      loading={refresh.isPending && refresh.variables?.id === dataset.id}
                      onClick={() => refresh.mutate(dataset)}
                      aria-label={`Actualizar ahora ${dataset.name}`}
                    >
                      Actualizar ahora
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setHistory(dataset)}
                      aria-label={`Historial de ${dataset.name}`}
                    >
                      Historial
                    </Button>
                  </>
                )}
                {dataset.source !== null && (
                  <Button
                    size="small"
                    danger
                    onClick={() => setDeleting(dataset)}
                    aria-label={`Eliminar ${dataset.name}`}
                  >
                    Eliminar
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {history && (
        <RefreshHistoryModal where={where} dataset={history} onClose={() => setHistory(null)} />
      )}
      <ConfirmModal
        title="Eliminar conjunto de datos"
        open={deleting !== null}
        confirmLabel="Eliminar"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        ¿Eliminar el conjunto de datos {deleting?.name} y todos sus datos? Los informes que lo usan
        dejarán de funcionar.
      </ConfirmModal>
    </>
  );
}
