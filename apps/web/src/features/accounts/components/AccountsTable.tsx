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
  const columns: ColumnsType<Account> = [
    { title: 'Descripción', dataIndex: 'description', key: 'description' },
    { title: 'Application ID', dataIndex: 'clientId', key: 'clientId', responsive: ['md'] },
    {
      title: 'Estado',
      key: 'status',
      width: 96,
      align: 'center',
      render: (_, account) => (
        <Space size={4}>
          {account.error ? (
            <Button
              type="text"
              size="small"
              aria-label={`Ver error de la cuenta ${account.description}`}
              icon={<CloseCircleFilled style={{ color: '#cf1322' }} />}
              onClick={() => onShowError(account)}
            />
          ) : (
            <CheckCircleFilled style={{ color: '#389e0d' }} aria-label="Sin errores" role="img" />
          )}
          {account.warnings?.length ? (
            <Tooltip title={account.warnings.join(' ')}>
              <Button
                type="text"
                size="small"
                aria-label={`Ver advertencias de la cuenta ${account.description}`}
                icon={<WarningFilled style={{ color: '#d48806' }} />}
                onClick={() => onShowError(account)}
              />
            </Tooltip>
          ) : null}
        </Space>
      ),
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
          <Tooltip title="Probar conexión">
            <Button
              type="text"
              icon={<ApiOutlined />}
              aria-label={`Probar conexión de la cuenta ${account.description}`}
              onClick={() => onTestConnection(account)}
            />
          </Tooltip>
          <Tooltip title="Seguridad por filas">
            <Button
              type="text"
              icon={<SafetyOutlined />}
              aria-label={`Seguridad por filas de la cuenta ${account.description}`}
              onClick={() => onEditIdentities(account)}
            />
          </Tooltip>
          <Tooltip title="Editar">
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Editar cuenta ${account.description}`}
              onClick={() => onEdit(account)}
            />
          </Tooltip>
          <Tooltip title="Eliminar">
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Eliminar cuenta ${account.description}`}
              onClick={() => onDelete(account)}
            />
          </Tooltip>
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
