import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { UsageOverview, UserUsage } from '@vitrina/contracts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { accountsQuery } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime, fullName } from '../../../lib/format.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usersQuery } from '../../../lib/users.ts';
import {
  reportUsageQuery,
  usageCsv,
  usageOverviewQuery,
  userUsageQuery,
  type UsageFilters,
  type UsageSubject,
} from '../api/usage-api.ts';
import { durationText, percentileColumns, UsageFigures } from './UsageFigures.tsx';

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The last 30 days, today included. */
const lastMonth = (): UsageFilters => ({
  from: isoDay(Date.now() - 29 * dayMs),
  to: isoDay(Date.now()),
});

const dateFields = [
  { key: 'from', label: 'Desde' },
  { key: 'to', label: 'Hasta' },
] as const;

/** A filter that is "Todas" until one is chosen (an account, a workspace). */
function AnyOrOne<V extends string | number>(props: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
  disabled?: boolean;
}) {
  return (
    <Form.Item label={props.label}>
      <Select<V>
        style={{ minWidth: 180 }}
        allowClear
        placeholder="Todas"
        disabled={props.disabled ?? false}
        value={props.value}
        options={props.options}
        onChange={props.onChange}
      />
    </Form.Item>
  );
}

/** The filters: date range, account, workspace (of the chosen account). */
function FilterBar({
  user,
  filters,
  onChange,
}: {
  user: CurrentUser;
  filters: UsageFilters;
  onChange: (filters: UsageFilters) => void;
}) {
  const accounts = useQuery(accountsQuery(user.id)).data ?? [];
  const account = accounts.find((a) => a.id === filters.accountId);
  return (
    <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      {dateFields.map(({ key, label }) => (
        <Form.Item key={key} label={label}>
          <Input
            type="date"
            value={filters[key]}
            {...(key === 'from' ? { max: filters.to } : { min: filters.from })}
            onChange={(e) => e.target.value && onChange({ ...filters, [key]: e.target.value })}
          />
        </Form.Item>
      ))}
      <AnyOrOne
        label="Cuenta"
        value={filters.accountId}
        options={accounts.map((a) => ({ value: a.id, label: a.description || a.username }))}
        onChange={(accountId) => onChange({ ...filters, accountId, workspaceId: undefined })}
      />
      <AnyOrOne
        label="Área de trabajo"
        disabled={!account}
        value={filters.workspaceId}
        options={(account?.workspaces ?? []).map((w) => ({ value: w.id, label: w.name }))}
        onChange={(workspaceId) => onChange({ ...filters, workspaceId })}
      />
    </Form>
  );
}

/** What the figures are of: a labelled, searchable choice (a report, a user). */
function Picker<V extends string | number>({
  label,
  value,
  options,
  onChange,
  placeholder,
}: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  placeholder?: string;
}) {
  return (
    <Space style={{ marginBottom: 16 }}>
      <Typography.Text>{label}</Typography.Text>
      <Select<V>
        style={{ minWidth: 280 }}
        showSearch
        optionFilterProp="label"
        aria-label={label}
        value={value}
        placeholder={placeholder}
        options={options}
        onChange={onChange}
      />
    </Space>
  );
}

/** Per report: all reports' figures or one report's, the list of reports and the unused ones. */
function ByReport({
  filters,
  uid,
  onSelect,
}: {
  filters: UsageFilters;
  uid: string | undefined;
  onSelect: (uid: string | undefined) => void;
}) {
  const overview = useQuery(usageOverviewQuery(filters));
  const report = useQuery({ ...reportUsageQuery(uid ?? '', filters), enabled: uid !== undefined });
  const data: UsageOverview | undefined = overview.data;
  const figures = uid === undefined ? data : report.data;
  const choices = [...(data?.reports ?? []), ...(data?.unused ?? [])];
  return (
    <>
      <Picker
        label="Informe"
        value={uid ?? ''}
        options={[
          { value: '', label: 'Todos los informes' },
          ...choices.map((r) => ({ value: r.reportUid, label: r.name })),
        ]}
        onChange={(value) => onSelect(value || undefined)}
      />
      {figures && <UsageFigures figures={figures} />}
      {uid === undefined && data && (
        <>
          <Card size="small" title="Informes" style={{ marginBottom: 16 }}>
            <PagedTable
              rowKey="reportUid"
              loading={overview.isLoading}
              dataSource={data.reports}
              columns={[
                {
                  title: 'Informe',
                  dataIndex: 'name',
                  render: (name: string, row) => (
                    <Typography.Link onClick={() => onSelect(row.reportUid)}>
                      {name}
                    </Typography.Link>
                  ),
                },
                { title: 'Cuenta', dataIndex: 'account' },
                { title: 'Área de trabajo', dataIndex: 'workspace' },
                { title: 'Aperturas', dataIndex: 'opens', align: 'right' },
                { title: 'Lectores', dataIndex: 'viewers', align: 'right' },
                ...percentileColumns,
                { title: 'Errores', dataIndex: 'errors', align: 'right' },
                { title: 'Última apertura', dataIndex: 'lastOpen', render: formatDateTime },
              ]}
            />
          </Card>
          <Card size="small" title="Informes que nadie abrió en 90 días">
            <PagedTable
              rowKey="reportUid"
              dataSource={data.unused}
              columns={[
                { title: 'Informe', dataIndex: 'name' },
                { title: 'Cuenta', dataIndex: 'account' },
                { title: 'Área de trabajo', dataIndex: 'workspace' },
                {
                  title: 'Última apertura',
                  dataIndex: 'lastOpen',
                  render: (iso: string | null) => formatDateTime(iso) || 'Nunca',
                },
              ]}
            />
          </Card>
        </>
      )}
    </>
  );
}

/** Per user: their figures and what they opened, when. */
function ByUser({
  filters,
  id,
  onSelect,
}: {
  filters: UsageFilters;
  id: number | undefined;
  onSelect: (id: number) => void;
}) {
  const users = useQuery(usersQuery).data ?? [];
  const usage = useQuery({ ...userUsageQuery(id ?? 0, filters), enabled: id !== undefined });
  const data: UserUsage | undefined = usage.data;
  return (
    <>
      <Picker
        label="Usuario"
        placeholder="Elija un usuario"
        value={id}
        options={users.map((u) => ({ value: u.id, label: `${fullName(u)} (${u.username})` }))}
        onChange={onSelect}
      />
      {data && (
        <>
          <UsageFigures figures={data} />
          <Card size="small" title="Aperturas">
            <PagedTable
              rowKey={(row) => `${row.at}-${row.reportUid}`}
              dataSource={data.recent}
              columns={[
                { title: 'Fecha', dataIndex: 'at', render: formatDateTime },
                { title: 'Informe', dataIndex: 'reportName' },
                { title: 'Página', dataIndex: 'page' },
                {
                  title: 'Hasta rendered',
                  dataIndex: 'totalMs',
                  align: 'right',
                  render: durationText,
                },
                { title: 'Error', dataIndex: 'errorCode' },
                {
                  title: 'Dispositivo',
                  dataIndex: 'device',
                  render: (device: string) => (device === 'phone' ? 'Teléfono' : 'Escritorio'),
                },
              ]}
            />
          </Card>
        </>
      )}
    </>
  );
}

/**
 * "Uso" (issue 30): report opens per report and per user, with opens and viewers per day,
 * the percentiles of each phase, errors by code, the last open and the reports nobody opened in
 * 90 days; filtered by dates, account and workspace; downloadable as a Spanish CSV.
 */
export function UsagePage({ user }: { user: CurrentUser }) {
  const { message } = App.useApp();
  const [filters, setFilters] = useState(lastMonth);
  const [tab, setTab] = useState<'report' | 'user'>('report');
  const [reportUid, setReportUid] = useState<string>();
  const [userId, setUserId] = useState<number>();
  const subject: UsageSubject =
    tab === 'user' && userId !== undefined
      ? { kind: 'user', id: userId }
      : tab === 'report' && reportUid !== undefined
        ? { kind: 'report', uid: reportUid }
        : { kind: 'all' };

  const download = () =>
    usageCsv(subject, filters).then(
      (file) => saveFile(file, 'uso.csv'),
      (error: unknown) => void message.error(errorMessage(error)),
    );

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Uso
        </Typography.Title>
        <Button icon={<DownloadOutlined />} onClick={() => void download()}>
          Descargar CSV
        </Button>
      </Space>
      <FilterBar user={user} filters={filters} onChange={setFilters} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'user' ? 'user' : 'report')}
        items={[
          {
            key: 'report',
            label: 'Por informe',
            children: <ByReport filters={filters} uid={reportUid} onSelect={setReportUid} />,
          },
          {
            key: 'user',
            label: 'Por usuario',
            children: <ByUser filters={filters} id={userId} onSelect={setUserId} />,
          },
        ]}
      />
    </>
  );
}
