import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createReportPath, useWorkspaceDatasets } from '../api/authoring-datasets.ts';

/**
 * Nuevo informe on a workspace of the gateway (administrators only, issue 13): choose one of the
 * workspace's datasets, then the create page opens an empty report on it in edit mode.
 */
export function NewReportButton({
  accountId,
  workspace,
}: {
  accountId: number;
  workspace: { id: string; name: string };
}) {
  const [open, setOpen] = useState(false);
  const [datasetId, setDatasetId] = useState<string | undefined>();
  const navigate = useNavigate();
  const datasets = useWorkspaceDatasets(accountId, workspace.id, open);

  return (
    <>
      <Button size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        Nuevo informe
      </Button>
      <Modal
        open={open}
        title={`Nuevo informe en ${workspace.name}`}
        okText="Crear"
        cancelText="Cancelar"
        okButtonProps={{ disabled: !datasetId }}
        onCancel={() => setOpen(false)}
        onOk={() => datasetId && navigate(createReportPath(accountId, workspace.id, datasetId))}
        destroyOnHidden
      >
        {datasets.error ? (
          <Alert type="error" showIcon title="No se pudieron cargar los conjuntos de datos." />
        ) : (
          <Form layout="vertical">
            <Form.Item label="Conjunto de datos" htmlFor="new-report-dataset">
              <Select
                id="new-report-dataset"
                loading={datasets.isFetching}
                value={datasetId}
                onChange={setDatasetId}
                placeholder="Seleccione un conjunto de datos"
                options={(datasets.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
