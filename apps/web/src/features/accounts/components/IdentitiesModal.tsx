import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Table, Typography } from 'antd';
import type { RlsIdentity } from '@vitrina/contracts';
import { useNotify } from '../../../components/use-notify.ts';
import type { Account } from '../../../lib/models.ts';
import {
  deleteIdentity,
  identitiesKey,
  putIdentity,
  useIdentities,
  usePortalUsers,
} from '../api/power-bi-api.ts';

interface IdentityFormValues {
  userId: number;
  datasetId?: string;
  username?: string;
  roles: string[];
}

/**
 * Seguridad por filas: which effective identity (username and roles) each viewer's embed tokens
 * carry on this account, for every dataset or for one. Saving drops the viewer's cached tokens.
 */
export function IdentitiesModal({
  account,
  onClose,
}: {
  account: Account | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<IdentityFormValues>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const accountId = account?.id;
  const identities = useIdentities(accountId);
  const users = usePortalUsers(account !== null);
  const reload = () => queryClient.invalidateQueries({ queryKey: identitiesKey(accountId ?? 0) });
  const save = useMutation({
    mutationFn: (values: IdentityFormValues) =>
      putIdentity(accountId!, {
        userId: values.userId,
        roles: values.roles,
        ...(values.datasetId ? { datasetId: values.datasetId } : {}),
        ...(values.username ? { username: values.username } : {}),
      }),
    onSuccess: async () => {
      await reload();
      form.resetFields();
      notify.success('Seguridad por filas', 'Se guardó la identidad.');
    },
    onError: (error: Error) => notify.error(error),
  });
  const remove = useMutation({
    mutationFn: (identity: RlsIdentity) => deleteIdentity(identity.accountId, identity.id),
    onSuccess: reload,
    onError: (error: Error) => notify.error(error),
  });
  const userName = (id: number) => users.data?.find((u) => u.id === id)?.username ?? String(id);

  return (
    <Modal
      title={`Seguridad por filas: ${account?.description ?? ''}`}
      open={account !== null}
      onCancel={onClose}
      width={720}
      footer={null}
    >
      <Typography.Paragraph type="secondary">
        Un informe cuyo conjunto de datos tiene roles solo se abre con una identidad: sin ella, el
        usuario ve un error y no se genera ningún token.
      </Typography.Paragraph>
      <Table<RlsIdentity>
        rowKey="id"
        size="small"
        pagination={false}
        loading={identities.isFetching}
        dataSource={identities.data ?? []}
        columns={[
          { title: 'Usuario', key: 'user', render: (_, i) => userName(i.userId) },
          { title: 'Conjunto de datos', key: 'dataset', render: (_, i) => i.datasetId ?? 'Todos' },
          { title: 'Identidad', dataIndex: 'username', key: 'username' },
          { title: 'Roles', key: 'roles', render: (_, i) => i.roles.join(', ') },
          {
            title: <span className="vt-visually-hidden">Acciones</span>,
            key: 'actions',
            render: (_, identity) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Quitar la identidad de ${userName(identity.userId)}`}
                onClick={() => remove.mutate(identity)}
              />
            ),
          },
        ]}
      />
      <Form<IdentityFormValues>
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="userId"
          label="Usuario del portal"
          rules={[{ required: true, message: 'El campo es requerido.' }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={(users.data ?? []).map((u) => ({
              value: u.id,
              label: `${u.username} (${u.mail})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="username"
          label="Nombre de usuario efectivo"
          extra="Vacío: el correo del usuario."
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="roles"
          label="Roles"
          rules={[{ required: true, message: 'El campo es requerido.' }]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',']} />
        </Form.Item>
        <Form.Item
          name="datasetId"
          label="Conjunto de datos (opcional)"
          extra="Vacío: todos los de la cuenta."
        >
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Guardar identidad
        </Button>
      </Form>
    </Modal>
  );
}
