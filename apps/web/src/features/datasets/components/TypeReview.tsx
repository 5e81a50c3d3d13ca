import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { settableColumnTypeSchema, type ColumnType, type DatasetTable } from '@vitrina/contracts';
import { useNotify } from '../../../components/use-notify.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  correctTypes,
  datasetsKey,
  fetchDatasets,
  useInvalidateDatasets,
  type WorkspaceRef,
} from '../api/datasets-api.ts';
import { columnTypeLabel } from './column-type-labels.ts';
import { PreviewTable } from './PreviewTable.tsx';

const typeOptions = settableColumnTypeSchema.options.map((type) => ({
  value: type,
  label: columnTypeLabel(type),
}));

/**
 * The columns the BI service inferred for an upload, each with its type to correct, and the first
 * rows as they were read; "Confirmar tipos" sends the tables whose types changed (the file is
 * read again with them).
 */
export function TypeReview(props: { where: WorkspaceRef; datasetId: string; onDone(): void }) {
  const notify = useNotify();
  const reload = useInvalidateDatasets();
  const datasets = useQuery({
    queryKey: datasetsKey(props.where),
    queryFn: () => fetchDatasets(props.where),
  });
  const tables = datasets.data?.find((dataset) => dataset.id === props.datasetId)?.tables ?? [];
  const [edits, setEdits] = useState<Record<string, ColumnType>>({});
  const typeOf = (table: string, column: { name: string; dataType: ColumnType }) =>
    edits[`${table}.${column.name}`] ?? column.dataType;

  const confirm = useMutation({
    mutationFn: async () => {
      for (const table of tables) {
        const columns = table.columns.map((column) => ({
          name: column.name,
          dataType: typeOf(table.name, column),
        }));
        if (columns.some((column, index) => column.dataType !== table.columns[index]!.dataType))
          await correctTypes(props.where, props.datasetId, table.name, columns);
      }
    },
    onSuccess: async () => {
      await reload(props.where);
      notify.success('Tipos de columnas', 'Se confirmaron los tipos de las columnas.');
      props.onDone();
    },
  });

  return (
    <div aria-label="Columnas inferidas" role="region">
      <Typography.Title level={5}>Columnas y tipos inferidos</Typography.Title>
      {tables.map((table: DatasetTable) => (
        <Space key={table.name} direction="vertical" style={{ width: '100%' }}>
          <Table
            size="small"
            pagination={false}
            title={() => `Tabla ${table.name}`}
            rowKey="name"
            dataSource={table.columns}
            columns={[
              { title: 'Columna', dataIndex: 'name' },
              {
                title: 'Tipo',
                render: (_value, column) => (
                  <Select
                    aria-label={`Tipo de ${column.name}`}
                    style={{ width: 180 }}
                    options={typeOptions}
                    value={typeOf(table.name, column)}
                    onChange={(type: ColumnType) =>
                      setEdits((before) => ({ ...before, [`${table.name}.${column.name}`]: type }))
                    }
                  />
                ),
              },
            ]}
          />
          <PreviewTable where={props.where} datasetId={props.datasetId} table={table.name} />
        </Space>
      ))}
      {confirm.isError && (
        <Alert type="error" showIcon title={errorMessage(confirm.error)} style={{ marginTop: 8 }} />
      )}
      <Button
        type="primary"
        style={{ marginTop: 8 }}
        loading={confirm.isPending}
        disabled={tables.length === 0}
        onClick={() => confirm.mutate()}
      >
        Confirmar tipos
      </Button>
    </div>
  );
}
