import {
  ApiOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  EditOutlined,
  SafetyOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { Button, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { IconAction } from '../../../components/IconAction.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { Account } from '../../../lib/models.ts';

interface Props {
  accounts: Account[];
  loading: boolean;
  onEdit(account: Account): void;
  onDelete(account: Account): void;
  onShowError(account: Account): void;
  onTestConnection(account: Account): void;
  onEditIdentities(account: Account): void;
}

interface RowAction {
  label: string;
  name: string;
  icon: ReactNode;
  danger?: boolean;
  run(account: Account): void;
}

/** Descripción, Application ID, Estado, Últ. Actual. and the edit/delete icons (spec §2). */
export function AccountsTable({
  accounts,
  loading,
  onEdit,
  onDelete,
  onShowError,
  onTestConnection,
  onEditIdentities,
}: Props) {
  // Each icon's tooltip, and the name that says which account it acts on.
  const rowActions: RowAction[] = [
    {
      label: 'Probar conexión',
      name: 'Probar conexión de la cuenta',
      icon: <ApiOutlined />,
      run: onTestConnection,
    },
    {
      label: 'Seguridad por filas',
      name: 'Seguridad por filas de la cuenta',
      icon: <SafetyOutlined />,
      run: onEditIdentities,
    },
    { label: 'Editar', name: 'Editar cuenta', icon: <EditOutlined />, run: onEdit },
    {
      label: 'Eliminar',
      name: 'Eliminar cuenta',
      icon: <DeleteOutlined />,
      danger: true,
      run: onDelete,
    },
  ];
  const columns: ColumnsType<Account> = [
    { title: 'Descripción', dataIndex: 'description', key: 'description' },
    { title: 'Application ID', dataIndex: 'clientId', key: 'clientId', responsive: ['md'] },
    {
      title: 'Estado',
      key: 'status',
      width: 96,
      align: 'center',
      render: (_, account) => {
        // The error and the warnings open the same box, which shows what the account has.
        const show = (what: string, icon: ReactNode) => (
          <Button
            type="text"
            size="small"
            aria-label={`Ver ${what} de la cuenta ${account.description}`}
            icon={icon}
            onClick={() => onShowError(account)}
          />
        );
        return (
          <Space size={4}>
            {account.error ? (
              show('error', <CloseCircleFilled style={{ color: '#cf1322' }} />)
            ) : (
              <CheckCircleFilled style={{ color: '#389e0d' }} aria-label="Sin errores" role="img" />
            )}
            {account.warnings?.length ? (
              <Tooltip title={account.warnings.join(' ')}>
                {show('advertencias', <WarningFilled style={{ color: '#d48806' }} />)}
              </Tooltip>
            ) : null}
          </Space>
        );
      },
    },
    {
      title: 'Últ. Actual.',
      key: 'lastSyncAt',
      responsive: ['sm'],
      render: (_, account) => (account.error ? '' : formatDateTime(account.lastSyncAt)),
    },
    {
      title: <span className="vt-visually-hidden">Acciones</span>,
      key: 'actions',
      width: 176,
      render: (_, account) => (
        <Space size={0}>
          {rowActions.map(({ label, name, icon, danger, run }) => (
            <IconAction
              key={label}
              label={label}
              ariaLabel={`${name} ${account.description}`}
              icon={icon}
              danger={danger}
              onClick={() => run(account)}
            />
          ))}
        </Space>
      ),
    },
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={accounts}
      loading={loading}
      pagination={false}
      size="middle"
    />
  );
}
