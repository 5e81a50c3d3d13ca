import {
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Button, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { fullName } from '../../../lib/format.ts';
import { Role, type User } from '../../../lib/models.ts';
import { roleLabel } from './roles.ts';

interface Props {
  users: User[];
  loading: boolean;
  onEdit(user: User): void;
  onReset(user: User): void;
  onDelete(user: User): void;
  onPermissions(user: User): void;
}

function RowAction({
  label,
  icon,
  danger,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" danger={danger} icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** Nombre Completo, Usuario, Correo électronico, role, and the row actions (spec §2). */
export function UsersTable({ users, loading, onEdit, onReset, onDelete, onPermissions }: Props) {
  const columns: ColumnsType<User> = [
    { title: 'Nombre Completo', key: 'name', render: (_, user) => fullName(user) },
    { title: 'Usuario', dataIndex: 'username', key: 'username', responsive: ['sm'] },
    { title: 'Correo électronico', dataIndex: 'mail', key: 'mail', responsive: ['md'] },
    {
      title: 'Rol',
      key: 'rol',
      responsive: ['sm'],
      render: (_, user) => <Tag>{roleLabel(user.rol)}</Tag>,
    },
    {
      title: <span className="vt-visually-hidden">Acciones</span>,
      key: 'actions',
      render: (_, user) => (
        <Space size={0} wrap>
          <RowAction
            label={`Editar usuario ${user.username}`}
            icon={<EditOutlined />}
            onClick={() => onEdit(user)}
          />
          {user.rol === Role.Viewer && (
            <RowAction
              label={`Permisos de ${user.username}`}
              icon={<SafetyCertificateOutlined />}
              onClick={() => onPermissions(user)}
            />
          )}
          <RowAction
            label={`Resetear contraseña de ${user.username}`}
            icon={<KeyOutlined />}
            onClick={() => onReset(user)}
          />
          <RowAction
            label={`Eliminar usuario ${user.username}`}
            icon={<DeleteOutlined />}
            danger
            onClick={() => onDelete(user)}
          />
        </Space>
      ),
    },
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      size="middle"
    />
  );
}
