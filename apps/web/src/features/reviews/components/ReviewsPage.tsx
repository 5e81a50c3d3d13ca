import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  reviewDecisionNames,
  reviewFileName,
  wayInText,
  type PutReviewLines,
  type ReviewEvidenceFormat,
  type Review,
  type ReviewLine,
} from '@vitrina/contracts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { accountsQuery } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { saveFile } from '../../../lib/save-file.ts';
import {
  decideLines,
  reviewEvidence,
  reviewQuery,
  reviewsQuery,
  startReview,
} from '../api/reviews-api.ts';

/** Every account, workspace and report the administrator can review, as options. */
function useScopes(user: CurrentUser) {
  const accounts = useQuery(accountsQuery(user.id)).data ?? [];
  return accounts.flatMap((account) => [
    { value: String(account.id), label: `Cuenta: ${account.description}` },
    ...account.workspaces.flatMap((workspace) => [
      { value: workspace.id, label: `Área de trabajo: ${workspace.name}` },
      ...workspace.reports.map((report) => ({
        value: report.id,
        label: `Informe: ${workspace.name} / ${report.name}`,
      })),
    ]),
  ]);
}

function StartReview({ user, onStarted }: { user: CurrentUser; onStarted: (id: number) => void }) {
  const { message } = App.useApp();
  const scopes = useScopes(user);
  const submit = (values: { scope: string; dueDate: string }) =>
    startReview({ scope: { accountElementId: values.scope }, dueDate: values.dueDate }).then(
      (review) => onStarted(review.id),
      (error: unknown) => void message.error(errorMessage(error)),
    );
  return (
    <Form layout="inline" onFinish={(values) => void submit(values)} style={{ marginBottom: 16 }}>
      <Form.Item
        name="scope"
        label="Alcance"
        rules={[{ required: true, message: 'El campo es requerido.' }]}
      >
        <Select options={scopes} showSearch optionFilterProp="label" style={{ width: 360 }} />
      </Form.Item>
      <Form.Item
        name="dueDate"
        label="Fecha límite"
        rules={[{ required: true, message: 'El campo es requerido.' }]}
      >
        <Input type="date" />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        Iniciar revisión
      </Button>
    </Form>
  );
}

function ReviewLines({
  review,
  onDecide,
}: {
  review: Review;
  onDecide: (body: PutReviewLines) => void;
}) {
  const decide = (line: ReviewLine, decision: 'keep' | 'remove') =>
    onDecide({ decisions: [{ lineId: line.id, decision }] });
  return (
    <PagedTable<ReviewLine>
      rowKey="id"
      dataSource={review.lines}
      pageSize={50}
      columns={[
        { title: 'Usuario', dataIndex: 'username' },
        { title: 'Informe', dataIndex: 'reportName' },
        { title: 'Vía de acceso', render: (_, line) => wayInText(line.grantedThrough) },
        {
          title: 'Último uso',
          render: (_, line) => (line.lastUsed ? formatDateTime(line.lastUsed) : 'Nunca'),
        },
        {
          title: 'Recomendación',
          render: (_, line) => (
            <Tag color={line.recommendation === 'remove' ? 'orange' : 'green'}>
              {reviewDecisionNames[line.recommendation]}
            </Tag>
          ),
        },
        {
          title: 'Decisión',
          render: (_, line) => (
            <Space>
              {line.decision ? reviewDecisionNames[line.decision] : 'Pendiente'}
              {line.escalated && <Tag color="red">Escalada</Tag>}
            </Space>
          ),
        },
        {
          title: 'Acciones',
          render: (_, line) =>
            line.decision === 'remove' ? null : (
              <Space>
                <Button size="small" onClick={() => decide(line, 'keep')}>
                  Mantener
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={!line.grantedThrough.levels.length}
                  title={
                    line.grantedThrough.levels.length
                      ? undefined
                      : 'El acceso viene de un grupo del proveedor'
                  }
                  onClick={() => decide(line, 'remove')}
                >
                  Quitar
                </Button>
              </Space>
            ),
        },
      ]}
    />
  );
}

/**
 * "Revisiones de acceso" (issue 30): start a review over an account, workspace or report, then
 * decide each (user, report) access, "Mantener" or "Quitar", or apply the recommendations.
 */
export function ReviewsPage({ user }: { user: CurrentUser }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reviews = useQuery(reviewsQuery()).data ?? [];
  const [chosen, setChosen] = useState<number>();
  const id = chosen ?? reviews[0]?.id;
  const review = useQuery({ ...reviewQuery(id ?? 0), enabled: id !== undefined }).data;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['reviews'] });
  const decide = (body: PutReviewLines) => {
    if (id === undefined) return;
    decideLines(id, body).then(
      () => void refresh(),
      (error: unknown) => void message.error(errorMessage(error)),
    );
  };
  /** Saves the review as evidence, named after it ("Revisión 3 - Comercial.pdf"). */
  const download = (format: ReviewEvidenceFormat) => {
    if (!review) return;
    reviewEvidence(review.id, format).then(
      (file) => saveFile(file, reviewFileName(review, format)),
      (error: unknown) => void message.error(errorMessage(error)),
    );
  };

  return (
    <>
      <Typography.Title level={3}>Revisiones de acceso</Typography.Title>
      <StartReview
        user={user}
        onStarted={(started) => {
          setChosen(started);
          void refresh();
        }}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          aria-label="Revisión"
          style={{ width: 420 }}
          value={id}
          onChange={setChosen}
          options={reviews.map((r) => ({
            value: r.id,
            label: `${r.scope.name} — vence ${r.dueDate} (${r.pending} pendientes)`,
          }))}
        />
        <Button disabled={!review} onClick={() => decide({ applyRecommendations: true })}>
          Aplicar recomendaciones
        </Button>
        <Button icon={<DownloadOutlined />} disabled={!review} onClick={() => download('csv')}>
          Descargar CSV
        </Button>
        <Button icon={<FilePdfOutlined />} disabled={!review} onClick={() => download('pdf')}>
          Exportar PDF
        </Button>
      </Space>
      {review && <ReviewLines review={review} onDecide={decide} />}
    </>
  );
}
