import { Button, Card, Empty, List, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useNotify } from '../../../components/use-notify.ts';
import { fullName } from '../../../lib/format.ts';
import { Role, type User } from '../../../lib/models.ts';
import { usersQuery } from '../../../lib/users.ts';
import { PermissionTree } from './PermissionTree.tsx';
import { usePermissionEditor } from './use-permission-editor.ts';
import './admin-panels.css';

function UserPermissionsPanel({ user }: { user: User }) {
  const editor = usePermissionEditor(user.id);
  const notify = useNotify();
  const save = useMutation({
    mutationFn: () => editor.save(user.id),
    onSuccess: () =>
      notify.success('Actualizar permisos', 'Se actualizaron los permisos del usuario.'),
    onError: (error) => notify.error(error),
  });
  return (
    <Card
      size="small"
      title={fullName(user)}
      extra={
        editor.nodes.length > 0 && (
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
            Grabar
          </Button>
        )
      }
    >
      <PermissionTree editor={editor} height={580} />
    </Card>
  );
}

/** Administración - Permisos por usuario: viewers (rol 1) on the left, their tree on the right. */
export function PermissionsByUserPage() {
  const { data: users = [], isLoading, error } = useQuery(usersQuery);
  const viewers = users
    .filter((u) => u.rol === Role.Viewer)
    .sort((a, b) => fullName(a).localeCompare(fullName(b), 'es'));
  const [selected, setSelected] = useState<User | null>(null);
  return (
    <>
      <PageTitle title="Administración - Permisos por usuario" />
      <LoadError error={error} />
      <div className="vt-split">
        <Card size="small" title="Usuarios">
          <div className="vt-panel-list">
            <List
              loading={isLoading}
              dataSource={viewers}
              locale={{
                emptyText: (
                  <Typography.Text type="secondary">
                    No hay usuarios con rol Visualizador
                  </Typography.Text>
                ),
              }}
              renderItem={(user) => (
                <List.Item
                  className={selected?.id === user.id ? 'vt-list-item--active' : undefined}
                  style={{ padding: 0 }}
                >
                  <Button
                    type="text"
                    block
                    style={{ textAlign: 'left', justifyContent: 'flex-start' }}
                    aria-pressed={selected?.id === user.id}
                    onClick={() => setSelected(user)}
                  >
                    {fullName(user)}
                  </Button>
                </List.Item>
              )}
            />
          </div>
        </Card>
        {selected ? (
          <UserPermissionsPanel key={selected.id} user={selected} />
        ) : (
          <Card size="small">
            <Empty description="Seleccione un usuario" />
          </Card>
        )}
      </div>
    </>
  );
}
