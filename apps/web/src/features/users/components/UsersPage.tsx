import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ComponentType } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { PermissionEditorProps } from '../../../components/permission-slot.ts';
import type { User } from '../../../lib/models.ts';
import { useUsers } from '../api/users-api.ts';
import { UserFormModal } from './UserFormModal.tsx';
import { UsersTable } from './UsersTable.tsx';
import { useUserMutations } from './use-user-mutations.ts';

interface Props {
  PermissionEditor: ComponentType<PermissionEditorProps>;
  PermissionsModal: ComponentType<{ user: User | null; onClose(): void }>;
}

/** Administración - Usuarios. Each modal has its own open flag (spec §4). */
export function UsersPage({ PermissionEditor, PermissionsModal }: Props) {
  const { data: users = [], isLoading, error } = useUsers();
  const { save, remove, reset } = useUserMutations();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<User | null>(null);

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };

  return (
    <>
      <PageTitle
        title="Administración - Usuarios"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            AGREGAR USUARIO
          </Button>
        }
      />
      <LoadError error={error} />
      <UsersTable
        users={users}
        loading={isLoading}
        onEdit={openForm}
        onReset={setResetting}
        onDelete={setDeleting}
        onPermissions={setPermissionsOf}
      />
      <UserFormModal
        open={formOpen}
        user={editing}
        saving={save.isPending}
        PermissionEditor={PermissionEditor}
        onSave={(values, permissions) =>
          save.mutate({ values, editing, permissions }, { onSuccess: () => setFormOpen(false) })
        }
        onCancel={() => setFormOpen(false)}
      />
      <ConfirmModal
        title="Eliminar usuario"
        open={deleting !== null}
        confirmLabel="Eliminar"
        danger
        loading={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      >
        ¿Está seguro que desea eliminar el usuario {deleting?.username}?
      </ConfirmModal>
      <ConfirmModal
        title="Resetear contraseña"
        open={resetting !== null}
        confirmLabel="Resetear"
        loading={reset.isPending}
        onConfirm={() =>
          resetting && reset.mutate(resetting, { onSuccess: () => setResetting(null) })
        }
        onCancel={() => setResetting(null)}
      >
        ¿Está seguro que desea resetear la contraseña del usuario {resetting?.username}?
      </ConfirmModal>
      <PermissionsModal user={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}
