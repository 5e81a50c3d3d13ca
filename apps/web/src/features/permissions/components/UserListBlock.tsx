import { DeleteOutlined } from '@ant-design/icons';
import { Badge, Button, Card, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { fullName } from '../../../lib/format.ts';
import type { User } from '../../../lib/models.ts';

interface Props {
  title: string;
  count: number;
  extra?: ReactNode;
  children: ReactNode;
}

/** A titled block with a count badge, its list 240 px high (spec §9). */
export function UserListBlock({ title, count, extra, children }: Props) {
  return (
    <Card
      size="small"
      title={
        <span>
          {title} <Badge count={count} showZero color="var(--ant-color-primary)" />
        </span>
      }
      extra={extra}
      style={{ marginBottom: 16 }}
    >
      <div className="vt-panel-list--short">{children}</div>
    </Card>
  );
}

/** Read-only names (lastname, firstname), or with a trash icon each when `onRemove` is given. */
export function UserNames({
  label,
  users,
  onRemove,
}: {
  label?: string;
  users: User[];
  onRemove?(user: User): void;
}) {
  if (users.length === 0 && label) return null;
  return (
    <div style={{ marginBottom: 8 }}>
      {label && <Typography.Text type="secondary">{label}</Typography.Text>}
      <List
        size="small"
        dataSource={users}
        locale={{ emptyText: <Typography.Text type="secondary">Sin usuarios</Typography.Text> }}
        renderItem={(user) => (
          <List.Item
            actions={
              onRemove && [
                <Button
                  key="remove"
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`Quitar a ${fullName(user)}`}
                  onClick={() => onRemove(user)}
                />,
              ]
            }
          >
            {fullName(user)}
          </List.Item>
        )}
      />
    </div>
  );
}
