import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { Subscription, SubscriptionBody } from '@vitrina/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { usersQuery } from '../../../lib/users.ts';
import {
  bodyOf,
  createSubscription,
  deleteSubscription,
  sendSubscriptionNow,
  subscriptionsQuery,
  updateSubscription,
} from '../api/subscriptions-api.ts';
import { SubscriptionFormModal } from './SubscriptionFormModal.tsx';
import { dateTime, outcomeLabels, runSummary, scheduleText } from './subscription-texts.ts';

/** How many users it names, and each group it is sent to. */
function Recipients({ subscription }: { subscription: Subscription }) {
  const users = subscription.recipients.length;
  return (
    <Space size={4} wrap>
      {users > 0 && <span>{`${users} ${users === 1 ? 'usuario' : 'usuarios'}`}</span>}
      {subscription.recipientGroups.map((group) => (
        <Tag key={group}>{`Grupo ${group}`}</Tag>
      ))}
    </Space>
  );
}

/**
 * "Suscripciones": the subscriptions an administrator manages (all) or a viewer's own, with the
 * next and last send and the outcome per recipient; create, edit, pause, delete, "Enviar ahora".
 */
export function SubscriptionsPage({
  user,
  isAdministrator,
}: {
  user: CurrentUser;
  isAdministrator: boolean;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = subscriptionsQuery({});
  const subscriptions = useQuery(query);
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  // Per report and per recipient: filtered here, on the list the server gave this user.
  const [reportFilter, setReportFilter] = useState<string | undefined>();
  const [recipientFilter, setRecipientFilter] = useState<number | undefined>();
  const users = useQuery({ ...usersQuery, enabled: isAdministrator });
  const nameOf = (id: number) => {
    if (id === user.id) return `${user.firstname} ${user.lastname}`;
    const found = users.data?.find((u) => u.id === id);
    return found ? `${found.firstname} ${found.lastname} (${found.username})` : `Usuario ${id}`;
  };
  const all = subscriptions.data ?? [];
  const reportOptions = [...new Map(all.map((s) => [s.reportUid, s.reportName])).entries()].map(
    ([value, label]) => ({ value, label }),
  );
  const shown = all.filter(
    (s) =>
      (reportFilter === undefined || s.reportUid === reportFilter) &&
      (recipientFilter === undefined || s.recipients.includes(recipientFilter)),
  );
  const reload = () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
  const act = useMutation({
    mutationFn: (work: () => Promise<unknown>) => work(),
    onSuccess: reload,
    onError: (error) => void message.error(errorMessage(error)),
  });

  const save = async (body: SubscriptionBody) => {
    if (editing && editing !== 'new') await updateSubscription(editing.id, body);
    else await createSubscription(body);
    await reload();
    void message.success('Suscripción guardada.');
  };

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Suscripciones
        </Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          Nueva suscripción
        </Button>
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="Filtrar por informe"
          placeholder="Todos los informes"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 240 }}
          options={reportOptions}
          value={reportFilter}
          onChange={setReportFilter}
        />
        {isAdministrator && (
          <Select
            aria-label="Filtrar por destinatario"
            placeholder="Todos los destinatarios"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 240 }}
            loading={users.isLoading}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: nameOf(u.id) }))}
            value={recipientFilter}
            onChange={setRecipientFilter}
          />
        )}
      </Space>
      <Table<Subscription>
        rowKey="id"
        loading={subscriptions.isLoading}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: 'No hay suscripciones.' }}
        columns={[
          { title: 'Informe', dataIndex: 'reportName' },
          { title: 'Asunto', dataIndex: 'subject' },
          { title: 'Programación', render: (_, s) => scheduleText(s) },
          { title: 'Formato', dataIndex: 'format' },
          { title: 'Destinatarios', render: (_, s) => <Recipients subscription={s} /> },
          {
            title: 'Próximo envío',
            render: (_, s) =>
              s.paused ? (
                <Tag>Pausada</Tag>
              ) : s.schedule.frequency === 'afterRefresh' ? (
                'Tras la próxima actualización'
              ) : (
                dateTime(s.nextRunAt)
              ),
          },
          {
            title: 'Último envío',
            render: (_, s) =>
              s.lastRun ? (
                <Tooltip
                  title={s.lastRun.recipients.map((r) => (
                    <div key={r.userId}>
                      {nameOf(r.userId)}: {outcomeLabels[r.outcome]}
                      {r.reason ? ` — ${r.reason}` : ''}
                      {r.error ? ` — ${r.error}` : ''}
                    </div>
                  ))}
                >
                  <span data-testid={`last-run-${s.id}`}>
                    {dateTime(s.lastRun.dueAt)}: {runSummary(s.lastRun)}
                  </span>
                </Tooltip>
              ) : (
                '—'
              ),
          },
          {
            title: 'Acciones',
            render: (_, s) => (
              <Space wrap>
                <Button size="small" onClick={() => setEditing(s)}>
                  Editar
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    act.mutate(() => updateSubscription(s.id, bodyOf(s, { paused: !s.paused })))
                  }
                >
                  {s.paused ? 'Reanudar' : 'Pausar'}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    act.mutate(async () => {
                      await sendSubscriptionNow(s.id);
                      void message.info('Envío en curso.');
                    })
                  }
                >
                  Enviar ahora
                </Button>
                <Popconfirm
                  title="¿Eliminar la suscripción?"
                  okText="Eliminar"
                  cancelText="Cancelar"
                  onConfirm={() => act.mutate(() => deleteSubscription(s.id))}
                >
                  <Button size="small" danger>
                    Eliminar
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SubscriptionFormModal
        user={user}
        isAdministrator={isAdministrator}
        subscription={editing && editing !== 'new' ? editing : undefined}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSave={save}
      />
    </>
  );
}
