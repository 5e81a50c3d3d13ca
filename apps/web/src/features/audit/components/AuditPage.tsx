import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { AuditEntryDto, AuditExportFormat } from '@vitrina/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import {
  auditPageQuery,
  downloadAudit,
  noAuditFilters,
  type AuditFilters,
} from '../api/audit-api.ts';

/** A recorded value, compact, as JSON; a dash when there is none. */
function valueText(value: unknown): string {
  return value === undefined || value === null ? '—' : JSON.stringify(value);
}

function Value({ value }: { value: unknown }) {
  const text = valueText(value);
  return (
    <Typography.Text code={text !== '—'} style={{ fontSize: 12, wordBreak: 'break-word' }}>
      {text}
    </Typography.Text>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The entry's before and after; when both are records, only the fields that differ, so a
 * changed e-mail reads as one field instead of two whole users.
 */
function changeOf(entry: AuditEntryDto): { before: unknown; after: unknown } {
  const before = entry.detail?.['before'];
  const after = entry.detail?.['after'];
  if (!isRecord(before) || !isRecord(after)) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const differs = [...keys].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const pick = (from: Record<string, unknown>) =>
    Object.fromEntries(differs.filter((key) => key in from).map((key) => [key, from[key]]));
  return { before: pick(before), after: pick(after) };
}

/** What the entry records besides before and after (counts, reasons, formats…). */
function otherFacts(entry: AuditEntryDto): Record<string, unknown> | null {
  const { before: _before, after: _after, ...rest } = entry.detail ?? {};
  return Object.keys(rest).length > 0 ? rest : null;
}

/**
 * "Auditoría": the audit log, newest first, filtered by user, action, target and dates, a page
 * at a time (the server pages by cursor), with the matching entries as CSV or JSON Lines.
 */
export function AuditPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<AuditFilters>();
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  // The cursors of the pages before the current one, to step back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const page = useQuery(auditPageQuery(filters, cursor));
  const download = useMutation({
    mutationFn: (format: AuditExportFormat) => downloadAudit(filters, format),
    onSuccess: (file, format) => saveFile(file, `auditoria.${format}`),
    onError: (error) => void message.error(errorMessage(error)),
  });

  const search = (values: AuditFilters) => {
    setFilters({ ...noAuditFilters, ...values });
    setCursors([null]);
  };
  if (page.error) void message.error(errorMessage(page.error));

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Auditoría
        </Typography.Title>
        <Space>
          <Button loading={download.isPending} onClick={() => download.mutate('csv')}>
            Descargar CSV
          </Button>
          <Button loading={download.isPending} onClick={() => download.mutate('jsonl')}>
            Descargar JSONL
          </Button>
        </Space>
      </Space>
      <Form
        form={form}
        layout="inline"
        initialValues={noAuditFilters}
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="user" label="Usuario">
          <Input allowClear placeholder="nombre de usuario" />
        </Form.Item>
        <Form.Item name="action" label="Acción">
          <Input allowClear placeholder="p. ej. login.failed" />
        </Form.Item>
        <Form.Item name="target" label="Objeto">
          <Input allowClear placeholder="tipo o tipo:id, p. ej. user:12" />
        </Form.Item>
        <Form.Item name="fromDay" label="Desde">
          <Input type="date" />
        </Form.Item>
        <Form.Item name="toDay" label="Hasta">
          <Input type="date" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              Buscar
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search(noAuditFilters);
              }}
            >
              Limpiar
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditEntryDto>
        rowKey="id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.entries ?? []}
        pagination={false}
        locale={{ emptyText: 'No hay entradas de auditoría para estos filtros.' }}
        columns={[
          { title: 'Fecha', render: (_, e) => formatDateTime(e.at), width: 130 },
          { title: 'Usuario', render: (_, e) => e.actorUsername ?? '—' },
          { title: 'Dirección', render: (_, e) => e.ip ?? '—' },
          { title: 'Acción', render: (_, e) => <Tag>{e.action}</Tag> },
          {
            title: 'Objeto',
            render: (_, e) => (e.targetId ? `${e.targetType}:${e.targetId}` : e.targetType),
          },
          { title: 'Antes', render: (_, e) => <Value value={changeOf(e).before} /> },
          { title: 'Después', render: (_, e) => <Value value={changeOf(e).after} /> },
          { title: 'Detalle', render: (_, e) => <Value value={otherFacts(e)} /> },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
          Anterior
        </Button>
        <Button
          disabled={!page.data?.nextCursor}
          onClick={() => setCursors([...cursors, page.data?.nextCursor ?? null])}
        >
          Siguiente
        </Button>
        <Typography.Text type="secondary">Página {cursors.length}</Typography.Text>
      </Space>
    </>
  );
}
