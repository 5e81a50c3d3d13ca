import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import type { DatasetImport } from '@vitrina/contracts';
import { useNotify } from '../../../components/use-notify.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { uploadDataset, useInvalidateDatasets, type WorkspaceRef } from '../api/datasets-api.ts';
import { FilePicker } from './FilePicker.tsx';
import { TypeReview } from './TypeReview.tsx';

const accepted = '.csv,.txt,.xlsx,.parquet';

/**
 * Uploads a CSV, TXT, XLSX or Parquet file as a dataset, with a progress bar; once the BI service
 * has read it, the inferred columns and types are shown for correction before confirming.
 */
export function UploadPanel({ where }: { where: WorkspaceRef }) {
  const notify = useNotify();
  const reload = useInvalidateDatasets();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [percent, setPercent] = useState(0);
  const [imported, setImported] = useState<{ name: string; answer: DatasetImport } | null>(null);

  const upload = useMutation({
    mutationFn: async () => {
      setPercent(0);
      const datasetName = name.trim() || file!.name.replace(/\.[^.]+$/, '');
      return {
        name: datasetName,
        answer: await uploadDataset(where, datasetName, file!, setPercent),
      };
    },
    onSuccess: async (result) => {
      await reload(where);
      if (result.answer.state === 'Succeeded') setImported(result);
    },
    onError: (error) => notify.error(error, 'Subir archivo'),
  });
  const failed = upload.data?.answer.state === 'Failed' ? upload.data.answer.error : null;

  return (
    <Card title="Subir un archivo">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <FilePicker
            label="Archivo"
            accept={accepted}
            file={file}
            onChange={(chosen) => {
              setFile(chosen);
              setImported(null);
            }}
          />
          <Input
            aria-label="Nombre del conjunto de datos"
            placeholder="Nombre del conjunto de datos (opcional)"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            style={{ width: 320 }}
          />
          <Button
            type="primary"
            disabled={!file}
            loading={upload.isPending}
            onClick={() => upload.mutate()}
          >
            Subir
          </Button>
        </Space>
        <Typography.Text type="secondary">
          CSV, TXT, XLSX o Parquet, hasta 50 MB. Subir con un nombre existente reemplaza sus datos.
        </Typography.Text>
        {(upload.isPending || percent > 0) && (
          <Progress percent={percent} aria-label="Progreso de la subida" />
        )}
        {failed && <Alert type="error" showIcon title={failed} />}
        {upload.isError && <Alert type="error" showIcon title={errorMessage(upload.error)} />}
        {imported?.answer.datasetId && (
          <TypeReview
            where={where}
            datasetId={imported.answer.datasetId}
            onDone={() => setImported(null)}
          />
        )}
      </Space>
    </Card>
  );
}
