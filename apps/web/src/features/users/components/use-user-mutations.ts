import { useMutation } from '@tanstack/react-query';
import type { PermissionDraft } from '../../../components/permission-slot.ts';
import { useListWrite } from '../../../components/use-list-write.ts';
import { useNotify } from '../../../components/use-notify.ts';
import type { User } from '../../../lib/models.ts';
import {
  createUser,
  deleteUser,
  resetPassword,
  updateUser,
  useInvalidateUsers,
} from '../api/users-api.ts';
import type { UserFormValues } from './UserFormModal.tsx';

export interface SaveUserInput {
  values: UserFormValues;
  /** The user being edited, or null to create one. */
  editing: User | null;
  permissions: PermissionDraft | null;
}

/**
 * The users screen's writes with the button states of spec §4 (default → loading → default): each
 * stays pending until the reloaded table has arrived. Unlike the spec's original, a failure shows
 * the server's message and also returns to default. Callers close their modal in `mutate`'s
 * `onSuccess`.
 */
export function useUserMutations() {
  const notify = useNotify();
  const reloadUsers = useInvalidateUsers();
  const onError = (error: Error) => notify.error(error);

  const save = useMutation({
    mutationFn: async ({ values, editing, permissions }: SaveUserInput) => {
      const rol = Number(values.rol) as 0 | 1;
      if (editing) {
        const updated = await updateUser({
          ...values,
          id: editing.id,
          username: editing.username,
          rol,
        });
        await permissions?.save(editing.id);
        return {
          title: 'Actualizar usuario',
          text: `Se actualizó el usuario ${updated?.username ?? editing.username}`,
        };
      }
      const created = await createUser({ ...values, rol });
      await permissions?.save(created.id);
      return { title: 'Agregar usuario', text: `Se agrego el usuario ${created.username}` };
    },
    onSuccess: ({ title, text }) => {
      notify.success(title, text);
      return reloadUsers();
    },
    onError,
  });

  const remove = useListWrite(
    reloadUsers,
    (user: User) => deleteUser(user.id),
    (_answer, user) => ['Eliminar usuario', `Se elimino el usuario ${user.username}`],
  );

  const reset = useMutation({
    mutationFn: (user: User) => resetPassword(user.id),
    onSuccess: (_answer, user) =>
      notify.success(
        'Resetear contraseña.',
        `Se reseteo la contraseña del usuario ${user.username}`,
      ),
    onError,
  });

  return { save, remove, reset };
}
