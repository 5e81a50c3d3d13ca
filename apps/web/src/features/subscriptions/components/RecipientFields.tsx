import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { usersQuery } from '../../../lib/users.ts';
import { recipientGroupsQuery } from '../api/subscriptions-api.ts';

const atLeastOne = 'Elija al menos un usuario o un grupo.';

/** The form's two recipient lists: valid when either holds someone. */
const eitherRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async () => {
    const chosen = ['recipients', 'recipientGroups'].flatMap(
      (name) => (getFieldValue(name) as unknown[] | undefined) ?? [],
    );
    if (chosen.length === 0) throw new Error(atLeastOne);
  },
});

/** One of the two lists: who it holds and what it shows. */
interface RecipientList {
  name: 'recipients' | 'recipientGroups';
  label: string;
  extra?: string;
  empty?: string;
  loading: boolean;
  options: { value: number | string; label: string }[];
}

/**
 * An administrator's recipients: portal users and provider groups (expanded to their members at
 * each send). At least one of the two.
 */
export function RecipientFields() {
  const users = useQuery(usersQuery);
  const groups = useQuery(recipientGroupsQuery);
  const lists: RecipientList[] = [
    {
      name: 'recipients',
      label: 'Destinatarios',
      loading: users.isLoading,
      options: (users.data ?? []).map((u) => ({
        value: u.id,
        label: `${u.firstname} ${u.lastname} (${u.username})`,
      })),
    },
    {
      name: 'recipientGroups',
      label: 'Grupos',
      extra: 'Cada miembro recibe sus propios datos; los miembros se leen en cada envío.',
      empty: 'No hay grupos: aparecen cuando sus miembros ingresan con el proveedor de identidad.',
      loading: groups.isLoading,
      options: (groups.data ?? []).map((g) => ({
        value: g.name,
        label: `${g.name} (${g.members} ${g.members === 1 ? 'miembro' : 'miembros'})`,
      })),
    },
  ];
  return lists.map((list, index) => (
    <Form.Item
      key={list.name}
      name={list.name}
      label={list.label}
      extra={list.extra}
      // Each list is checked again when the other changes.
      dependencies={[lists[1 - index]!.name]}
      rules={[eitherRule]}
    >
      <Select
        mode="multiple"
        optionFilterProp="label"
        loading={list.loading}
        notFoundContent={list.empty}
        options={list.options}
      />
    </Form.Item>
  ));
}
