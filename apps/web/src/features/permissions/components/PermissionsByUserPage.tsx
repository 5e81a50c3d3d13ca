import { Button, Card, Empty, List, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useNotify } from '../../../components/use-notify.ts';
import { fullName } from '../../../lib/format.ts';
import { Role, type User } from '../../../lib/models.ts';
import { usePublicConfig } from '../../../lib/use-branding.ts';
import { usersQuery } from '../../../lib/users.ts';
import { useProviderGroups } from '../api/permissions-api.ts';
import { GrantEndHint } from './GrantEndInput.tsx';
import { PermissionTree } from './PermissionTree.tsx';
import { useGroupPermissionEditor, usePermissionEditor } from './use-permission-editor.ts';
import './admin-panels.css';

type Editor = Pick<
  ReturnType<typeof usePermissionEditor>,
  'nodes' | 'checked' | 'setChecked' | 'loading' | 'ends' | 'setEnd'
>;

/** A holder's tree with its Grabar (shown once there is something to grant). */
function GrantsPanel(props: {
  title: string;
  done: string;
  editor: Editor;
  save: () => Promise<void>;
}) {
  const { editor } = props;
  const notify = useNotify();
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: () => notify.success('Actualizar permisos', props.done),
    onError: (error) => notify.error(error),
  });
  return (
    <Card
      size="small"
      title={props.title}
      extra={
        editor.nodes.length > 0 && (
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
            Grabar
          </Button>
        )
      }
    >
      {editor.nodes.length > 0 && <GrantEndHint />}
      <PermissionTree editor={editor} height={580} />
    </Card>
  );
}

function UserPermissionsPanel({ user }: { user: User }) {
  const editor = usePermissionEditor(user.id);
  return (
    <GrantsPanel
      title={fullName(user)}
      done="Se actualizaron los permisos del usuario."
      editor={editor}
      save={() => editor.save(user.id)}
    />
  );
}

/** A provider group's grants: every member inherits them, as their own. */
function GroupPermissionsPanel({ name }: { name: string }) {
  const editor = useGroupPermissionEditor(name);
  return (
    <GrantsPanel
      title={`Grupo ${name}`}
      done="Se actualizaron los permisos del grupo."
      editor={editor}
      save={editor.save}
    />
  );
}

/** A list of holders (viewers or groups) to pick one from; the chosen one is pressed. */
function HolderList<T>(props: {
  items: T[];
  loading: boolean;
  empty: string;
  label: (item: T) => string;
  isSelected: (item: T) => boolean;
  onSelect: (item: T) => void;
}) {
  return (
    <List
      loading={props.loading}
      dataSource={props.items}
      locale={{ emptyText: <Typography.Text type="secondary">{props.empty}</Typography.Text> }}
      renderItem={(item) => (
        <List.Item
          className={props.isSelected(item) ? 'vt-list-item--active' : undefined}
          style={{ padding: 0 }}
        >
          <Button
            type="text"
            block
            style={{ textAlign: 'left', justifyContent: 'flex-start' }}
            aria-pressed={props.isSelected(item)}
            onClick={() => props.onSelect(item)}
          >
            {props.label(item)}
          </Button>
        </List.Item>
      )}
    />
  );
}

/** The groups tab: values of the provider's role claim seen at sign-in. */
function GroupList(props: { selected: string | null; onSelect: (name: string) => void }) {
  const { data: groups = [], isLoading } = useProviderGroups();
  return (
    <HolderList
      items={groups}
      loading={isLoading}
      empty="Los grupos aparecen cuando alguien de ellos inicia sesión"
      label={(group) => `${group.name} (${group.members})`}
      isSelected={(group) => props.selected === group.name}
      onSelect={(group) => props.onSelect(group.name)}
    />
  );
}

/** Administración - Permisos por usuario: viewers (rol 1) on the left, their tree on the right. */
export function PermissionsByUserPage() {
  const { data: users = [], isLoading, error } = useQuery(usersQuery);
  const viewers = users
    .filter((u) => u.rol === Role.Viewer)
    .sort((a, b) => fullName(a).localeCompare(fullName(b), 'es'));
  const [selected, setSelected] = useState<User | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const [tab, setTab] = useState<'users' | 'groups'>('users');
  // The groups tab exists with a provider (OIDC) only.
  const { sso } = usePublicConfig();
  const tabs = sso
    ? {
        tabList: [
          { key: 'users', label: 'Usuarios' },
          { key: 'groups', label: 'Grupos' },
        ],
        activeTabKey: tab,
        onTabChange: (key: string) => setTab(key === 'groups' ? 'groups' : 'users'),
      }
    : { title: 'Usuarios' };
  const showGroups = sso !== null && tab === 'groups';
  let panel = (
    <Card size="small">
      <Empty description="Seleccione un usuario" />
    </Card>
  );
  if (showGroups && group) panel = <GroupPermissionsPanel key={group} name={group} />;
  if (!showGroups && selected) panel = <UserPermissionsPanel key={selected.id} user={selected} />;
  return (
    <>
      <PageTitle title="Administración - Permisos por usuario" />
      <LoadError error={error} />
      <div className="vt-split">
        <Card size="small" {...tabs}>
          <div className="vt-panel-list">
            {showGroups ? (
              <GroupList selected={group} onSelect={setGroup} />
            ) : (
              <HolderList
                items={viewers}
                loading={isLoading}
                empty="No hay usuarios con rol Visualizador"
                label={fullName}
                isSelected={(user) => selected?.id === user.id}
                onSelect={setSelected}
              />
            )}
          </div>
        </Card>
        {panel}
      </div>
    </>
  );
}
