import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { usersQuery } from '../../../lib/users.ts';
import { recipientGroupsQuery } from '../api/subscriptions-api.ts';

const atLeastOne = 'Elija al menos un usuario o un grupo.';

/**
 * An administrator's recipients: portal users and provider groups (expanded to their members at
 * each send). At least one of the two.
 */
export function RecipientFields() {
  const users = useQuery(usersQuery);
  const groups = useQuery(recipientGroupsQuery(true));
  const eitherRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      const named = (getFieldValue('recipients') as number[] | undefined) ?? [];
      const grouped = (getFieldValue('recipientGroups') as string[] | undefined) ?? [];
      if (named.length + grouped.length === 0) throw new Error(atLeastOne);
    },
  });
  return (
    <>
      <Form.Item
        name="recipients"
        label="Destinatarios"
        dependencies={['recipientGroups']}
        rules={[eitherRule]}
      >
        <Select
          mode="multiple"
          optionFilterProp="label"
          loading={users.isLoading}
          options={(users.data ?? []).map((u) => ({
            value: u.id,
            label: `${u.firstname} ${u.lastname} (${u.username})`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="recipientGroups"
        label="Grupos"
        extra="Cada miembro recibe sus propios datos; los miembros se leen en cada envío."
        dependencies={['recipients']}
        rules={[eitherRule]}
      >
        <Select
          mode="multiple"
          optionFilterProp="label"
          loading={groups.isLoading}
          notFoundContent="No hay grupos: aparecen cuando sus miembros ingresan con el proveedor de identidad."
          options={(groups.data ?? []).map((g) => ({
            value: g.name,
            label: `${g.name} (${g.members} ${g.members === 1 ? 'miembro' : 'miembros'})`,
          }))}
        />
      </Form.Item>
    </>
  );
}
