import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ComponentType } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type {
  PermissionDraft,
  PermissionEditorProps,
} from '../../../components/permission-slot.ts';
import { useAction } from '../../../components/use-action.ts';
import type { User } from '../../../lib/models.ts';
import {
  createUser,
  deleteUser,
  resetPassword,
  updateUser,
  useReloadUsers,
  useUsers,
} from '../api/users-api.ts';
import { UserFormModal, type UserFormValues } from './UserFormModal.tsx';
import { UsersTable } from './UsersTable.tsx';

interface Props {
  PermissionEditor: ComponentType<PermissionEditorProps>;
  PermissionsModal: ComponentType<{ user: User | null; onClose(): void }>;
}

/** Administración - Usuarios. Each modal has its own open flag (spec §4). */
export function UsersPage({ PermissionEditor, PermissionsModal }: Props) {
  const { data: users = [], isLoading, error } = useUsers();
  const reload = useReloadUsers();
  const save = useAction();
  const remove = useAction();
  const reset = useAction();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<User | null>(null);

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };

  async function onSave(values: UserFormValues, permissions: PermissionDraft | null) {
    const rol = Number(values.rol) as 0 | 1;
    const done = await save.run(async () => {
      if (editing) {
        const updated = await updateUser({
          ...values,
          id: editing.id,
          username: editing.username,
          rol,
        });
        await permissions?.save(editing.id);
        save.notify.success(
          'Actualizar usuario',
          `Se actualizó el usuario ${updated?.username ?? editing.username}`,
        );
      } else {
        const created = await createUser({ ...values, rol });
        await permissions?.save(created.id);
        save.notify.success('Agregar usuario', `Se agrego el usuario ${created.username}`);
      }
      await reload();
    });
    if (done) setFormOpen(false);
  }

  async function onDelete(user: User) {
    const done = await remove.run(async () => {
      await deleteUser(user.id);
      await reload();
      remove.notify.success('Eliminar usuario', `Se elimino el usuario ${user.username}`);
    });
    if (done) setDeleting(null);
  }

  async function onReset(user: User) {
    const done = await reset.run(async () => {
      await resetPassword(user.id);
      reset.notify.success(
        'Resetear contraseña.',
        `Se reseteo la contraseña del usuario ${user.username}`,
      );
    });
    if (done) setResetting(null);
  }

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
        saving={save.pending}
        PermissionEditor={PermissionEditor}
        onSave={onSave}
        onCancel={() => setFormOpen(false)}
      />
      <ConfirmModal
        title="Eliminar usuario"
        open={deleting !== null}
        confirmLabel="Eliminar"
        danger
        loading={remove.pending}
        onConfirm={() => deleting && void onDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        ¿Está seguro que desea eliminar el usuario {deleting?.username}?
      </ConfirmModal>
      <ConfirmModal
        title="Resetear contraseña"
        open={resetting !== null}
        confirmLabel="Resetear"
        loading={reset.pending}
        onConfirm={() => resetting && void onReset(resetting)}
        onCancel={() => setResetting(null)}
      >
        ¿Está seguro que desea resetear la contraseña del usuario {resetting?.username}?
      </ConfirmModal>
      <PermissionsModal user={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}
