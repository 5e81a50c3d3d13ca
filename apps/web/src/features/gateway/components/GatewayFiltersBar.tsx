import { SearchOutlined } from '@ant-design/icons';
import { Input, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Account } from '../../../lib/models.ts';
import { ALL_WORKSPACES, Content, type GatewayFilters } from './gateway-filters.ts';

interface Props {
  accounts: Account[];
  filters: GatewayFilters;
  onChange(next: GatewayFilters): void;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      <div style={{ marginTop: 4 }}>{children}</div>
    </div>
  );
}

/** A labelled select filling its column; the label and the select share `id`. */
function SelectField<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange(value: V): void;
}) {
  return (
    <Field id={id} label={label}>
      <Select<V>
        id={id}
        style={{ width: '100%' }}
        value={value}
        options={options}
        onChange={onChange}
      />
    </Field>
  );
}

const contentOptions = [
  { value: Content.All, label: 'Todos' },
  { value: Content.Dashboards, label: 'Paneles' },
  { value: Content.Reports, label: 'Informes' },
];

/** Cuenta, Área de trabajo, Contenido (spec §2) and the accent-insensitive search box. */
export function GatewayFiltersBar({ accounts, filters, onChange }: Props) {
  const account = accounts.find((a) => a.id === filters.accountId);
  const workspaceOptions: { value: GatewayFilters['workspaceId']; label: string }[] = [
    { value: ALL_WORKSPACES, label: 'Todas' },
    ...(account?.workspaces ?? []).map((w) => ({ value: w.id, label: w.name })),
  ];
  /** The value and change handler of a select that edits one filter and nothing else. */
  const bind = <K extends keyof GatewayFilters>(key: K) => ({
    value: filters[key],
    onChange: (value: GatewayFilters[K]) => onChange({ ...filters, [key]: value }),
  });
  return (
    <div className="vt-gateway__filters">
      <SelectField
        id="gateway-account"
        label="Cuenta"
        value={filters.accountId ?? undefined}
        options={accounts.map((a) => ({ value: a.id, label: a.description }))}
        // Choosing an account resets the workspace filter to Todas (spec §4).
        onChange={(accountId) => onChange({ ...filters, accountId, workspaceId: ALL_WORKSPACES })}
      />
      <SelectField
        id="gateway-workspace"
        label="Área de trabajo"
        options={workspaceOptions}
        {...bind('workspaceId')}
      />
      <SelectField
        id="gateway-content"
        label="Contenido"
        options={contentOptions}
        {...bind('content')}
      />
      <Field id="gateway-search" label="Buscar">
        <Input
          id="gateway-search"
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Nombre del reporte"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </Field>
    </div>
  );
}
