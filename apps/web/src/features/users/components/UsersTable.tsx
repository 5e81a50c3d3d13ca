import {
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UserOrigin } from '@vitrina/contracts';
import { IconAction } from '../../../components/IconAction.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { fullName } from '../../../lib/format.ts';
import { Role, type User } from '../../../lib/models.ts';
import { roleLabel } from './roles.ts';

interface Props {
  users: User[];
  /** With a provider: where each user signs in, and the claims that last set their role. */
  origins?: ReadonlyMap<number, UserOrigin> | undefined;
  loading: boolean;
  onEdit(user: User): void;
  onReset(user: User): void;
  onDelete(user: User): void;
  onPermissions(user: User): void;
}

/** "groups: a, b (administrador por bi-admins)": what the provider said at the last sign-in. */
function claimsText({ roleClaims }: UserOrigin): string {
  if (!roleClaims) return 'Aún sin datos del proveedor';
  const values = roleClaims.values.join(', ') || 'ninguno';
  const admin = roleClaims.adminMatches.length
    ? ` (administrador por ${roleClaims.adminMatches.join(', ')})`
    : ' (ningún valor de administrador)';
  return `${roleClaims.claim}: ${values}${admin}`;
}

/** The name, and for a provider user a tag whose tooltip names the claims behind the role. */
function NameCell({ user, origin }: { user: User; origin: UserOrigin | undefined }) {
  if (origin?.origin !== 'provider') return fullName(user);
  return (
    <>
      <span>{fullName(user)}</span>{' '}
      <Tooltip title={claimsText(origin)}>
        <Tag color="blue">Proveedor</Tag>
      </Tooltip>
    </>
  );
}

/** Nombre Completo, Usuario, Correo électronico, role, and the row actions (spec §2). */
export function UsersTable(props: Props) {
  const { users, origins, loading, onEdit, onReset, onDelete, onPermissions } = props;
  const fromProvider = (user: User) => origins?.get(user.id)?.origin === 'provider';
  const columns: ColumnsType<User> = [
    {
      title: 'Nombre Completo',
      key: 'name',
      render: (_, user) => <NameCell user={user} origin={origins?.get(user.id)} />,
    },
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
          <IconAction
            label={`Editar usuario ${user.username}`}
            icon={<EditOutlined />}
            onClick={() => onEdit(user)}
          />
          {user.rol === Role.Viewer && (
            <IconAction
              label={`Permisos de ${user.username}`}
              icon={<SafetyCertificateOutlined />}
              onClick={() => onPermissions(user)}
            />
          )}
          {/* A provider user's password is the provider's: nothing to reset here. */}
          {!fromProvider(user) && (
            <IconAction
              label={`Resetear contraseña de ${user.username}`}
              icon={<KeyOutlined />}
              onClick={() => onReset(user)}
            />
          )}
          <IconAction
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
    <PagedTable rowKey="id" columns={columns} dataSource={users} loading={loading} size="middle" />
  );
}
