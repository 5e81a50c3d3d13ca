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

const contentOptions = [
  { value: Content.All, label: 'Todos' },
  { value: Content.Dashboards, label: 'Paneles' },
  { value: Content.Reports, label: 'Informes' },
];

/** Cuenta, Área de trabajo, Contenido (spec §2) and the accent-insensitive search box. */
export function GatewayFiltersBar({ accounts, filters, onChange }: Props) {
  const account = accounts.find((a) => a.id === filters.accountId);
  const workspaceOptions = [
    { value: ALL_WORKSPACES, label: 'Todas' },
    ...(account?.workspaces ?? []).map((w) => ({ value: w.id, label: w.name })),
  ];
  return (
    <div className="vt-gateway__filters">
      <Field id="gateway-account" label="Cuenta">
        <Select
          id="gateway-account"
          style={{ width: '100%' }}
          value={filters.accountId ?? undefined}
          options={accounts.map((a) => ({ value: a.id, label: a.description }))}
          // Choosing an account resets the workspace filter to Todas (spec §4).
          onChange={(accountId: number) =>
            onChange({ ...filters, accountId, workspaceId: ALL_WORKSPACES })
          }
        />
      </Field>
      <Field id="gateway-workspace" label="Área de trabajo">
        <Select
          id="gateway-workspace"
          style={{ width: '100%' }}
          value={filters.workspaceId}
          options={workspaceOptions}
          onChange={(workspaceId: GatewayFilters['workspaceId']) =>
            onChange({ ...filters, workspaceId })
          }
        />
      </Field>
      <Field id="gateway-content" label="Contenido">
        <Select
          id="gateway-content"
          style={{ width: '100%' }}
          value={filters.content}
          options={contentOptions}
          onChange={(content: Content) => onChange({ ...filters, content })}
        />
      </Field>
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
