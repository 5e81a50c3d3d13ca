import { useState, type ComponentType } from 'react';
import { ConfirmAction } from '../../../components/ConfirmAction.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useFormDialog } from '../../../components/use-form-dialog.ts';
import type { PermissionEditorProps } from '../../../components/permission-slot.ts';
import type { User } from '../../../lib/models.ts';
import { usePublicConfig } from '../../../lib/use-branding.ts';
import { useUserOrigins, useUsers } from '../api/users-api.ts';
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
  const { sso } = usePublicConfig();
  const { data: origins } = useUserOrigins(sso !== null);
  const { save, remove, reset } = useUserMutations();
  const form = useFormDialog<User>();
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<User | null>(null);

  return (
    <>
      <PageTitle
        title="Administración - Usuarios"
        add={{ label: 'AGREGAR USUARIO', onClick: () => form.openFor(null) }}
      />
      <LoadError error={error} />
      <UsersTable
        users={users}
        origins={origins}
        loading={isLoading}
        onEdit={form.openFor}
        onReset={setResetting}
        onDelete={setDeleting}
        onPermissions={setPermissionsOf}
      />
      <UserFormModal
        open={form.open}
        user={form.editing}
        saving={save.isPending}
        PermissionEditor={PermissionEditor}
        onSave={(values, permissions) =>
          save.mutate({ values, editing: form.editing, permissions }, { onSuccess: form.close })
        }
        onCancel={form.close}
      />
      <ConfirmAction
        title="Eliminar usuario"
        confirmLabel="Eliminar"
        danger
        target={deleting}
        action={remove}
        onClose={() => setDeleting(null)}
      >
        ¿Está seguro que desea eliminar el usuario {deleting?.username}?
      </ConfirmAction>
      <ConfirmAction
        title="Resetear contraseña"
        confirmLabel="Resetear"
        target={resetting}
        action={reset}
        onClose={() => setResetting(null)}
      >
        ¿Está seguro que desea resetear la contraseña del usuario {resetting?.username}?
      </ConfirmAction>
      <PermissionsModal user={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}
