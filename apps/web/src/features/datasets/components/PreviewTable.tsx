import { useQuery } from '@tanstack/react-query';
import { Alert, Table } from 'antd';
import { errorMessage } from '../../../lib/api-error.ts';
import { fetchTablePreview, type WorkspaceRef } from '../api/datasets-api.ts';
import { columnTypeLabel } from './column-type-labels.ts';
import { previewCell } from './preview-cells.ts';

/**
 * The first rows of an uploaded table as the BI service read them (dates and decimal commas
 * already parsed), each column headed by its stored type: what "Confirmar tipos" would keep.
 */
export function PreviewTable(props: { where: WorkspaceRef; datasetId: string; table: string }) {
  const preview = useQuery({
    queryKey: ['dataset-preview', props.where, props.datasetId, props.table],
    queryFn: () => fetchTablePreview(props.where, props.datasetId, props.table),
  });
  if (preview.isError) return <Alert type="error" showIcon title={errorMessage(preview.error)} />;
  const columns = preview.data?.columns ?? [];
  return (
    <section aria-label={`Vista previa de ${props.table}`}>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: true }}
        loading={preview.isPending}
        title={() => `Primeras filas leídas de ${props.table}`}
        rowKey={(row) => preview.data!.rows.indexOf(row)}
        dataSource={preview.data?.rows ?? []}
        columns={columns.map((column, index) => ({
          key: column.name,
          title: `${column.name} (${columnTypeLabel(column.dataType)})`,
          render: (_value, row) => previewCell(row[index] ?? null, column.dataType),
        }))}
      />
    </section>
  );
}
