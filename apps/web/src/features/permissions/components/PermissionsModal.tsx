import { useMutation } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useNotify } from '../../../components/use-notify.ts';
import type { User } from '../../../lib/models.ts';
import { PermissionTree } from './PermissionTree.tsx';
import { usePermissionEditor } from './use-permission-editor.ts';

function PermissionsModalBody({ user, onClose }: { user: User; onClose(): void }) {
  const editor = usePermissionEditor(user.id);
  const notify = useNotify();
  const save = useMutation({
    mutationFn: () => editor.save(user.id),
    onSuccess: () =>
      notify.success(
        'Actualizar permisos',
        `Se actualizaron los permisos del usuario ${user.username}`,
      ),
    onError: (error) => notify.error(error),
  });
  return (
    <Modal
      title="Permisos"
      open
      onCancel={onClose}
      onOk={() => save.mutate(undefined, { onSuccess: onClose })}
      okText="Grabar"
      confirmLoading={save.isPending}
    >
      <PermissionTree editor={editor} height={580} expandAll />
    </Modal>
  );
}

/** Permisos (spec §2), opened from the users table: the tree expanded, Cancelar and Grabar. */
export function PermissionsModal({ user, onClose }: { user: User | null; onClose(): void }) {
  return user ? <PermissionsModalBody key={user.id} user={user} onClose={onClose} /> : null;
}
