import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Spin, Tooltip, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '../../../components/use-notify.ts';
import type { ReportUser, User } from '../../../lib/models.ts';
import { reportUsersKey, saveReportUsers, useReportUsers } from '../api/permissions-api.ts';
import { AddReportUserModal } from './AddReportUserModal.tsx';
import { withEnd } from './grant-end.ts';
import { GrantEndHint } from './GrantEndInput.tsx';
import { ReportAccessExplanation } from './ReportAccessExplanation.tsx';
import { candidateUsers } from './report-users.ts';
import { UserListBlock, UserNames } from './UserListBlock.tsx';

/**
 * Por herencia (read-only) and Por asignación directa for one report. Adding and removing change
 * only the local list; Grabar sends it (spec §4).
 */
export function ReportAccessPanel({ reportId, users }: { reportId: string; users: User[] }) {
  const { data, isLoading } = useReportUsers(reportId);
  const [direct, setDirect] = useState<ReportUser[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [explaining, setExplaining] = useState(false);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: (users: ReportUser[]) =>
      saveReportUsers(
        reportId,
        users.map((user) => withEnd({ id: user.id }, user.validUntil)),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reportUsersKey(reportId) });
      setDirect(null);
      notify.success('Actualización de usuarios', 'Se actualizaron los usuarios del reporte.');
    },
    onError: (error) => notify.error(error),
  });
  const panel = useRef<HTMLDivElement>(null);
  // On a phone the panel sits below the long tree: bring it into view once it has content.
  useEffect(() => {
    if (data && window.innerWidth < 768)
      panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [data]);
  if (isLoading || !data) return <Spin style={{ display: 'block', margin: 24 }} />;

  const directUsers = direct ?? data.report;
  const lists = { account: data.account, workspace: data.workspace, report: directUsers };

  return (
    <div ref={panel}>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={() => setExplaining(true)}>¿Por qué puede ver esto?</Button>
        <Tooltip title="Agregar usuario">
          <Button
            icon={<PlusOutlined />}
            aria-label="Agregar usuario"
            onClick={() => setAdding(true)}
          />
        </Tooltip>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(directUsers)}>
          Grabar
        </Button>
      </Space>
      <UserListBlock title="Por herencia" count={data.account.length + data.workspace.length}>
        <UserNames label="Por cuenta" users={data.account} />
        <UserNames label="Por Área de trabajo" users={data.workspace} />
        {data.account.length + data.workspace.length === 0 && (
          <Typography.Text type="secondary">Sin usuarios heredados</Typography.Text>
        )}
      </UserListBlock>
      <UserListBlock title="Por asignación directa" count={directUsers.length}>
        <GrantEndHint />
        <UserNames
          users={directUsers}
          onRemove={(user) => setDirect(directUsers.filter((u) => u.id !== user.id))}
          onEndChange={(user, validUntil) =>
            setDirect(directUsers.map((u) => (u.id === user.id ? { ...u, validUntil } : u)))
          }
        />
      </UserListBlock>
      <ReportAccessExplanation
        reportId={reportId}
        open={explaining}
        onClose={() => setExplaining(false)}
      />
      {adding && (
        <AddReportUserModal
          candidates={candidateUsers(users, lists)}
          onAdd={(user) => {
            setDirect([...directUsers, user]);
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}
