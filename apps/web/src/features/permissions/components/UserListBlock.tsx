import { DeleteOutlined } from '@ant-design/icons';
import { Badge, Button, Card, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { fullName } from '../../../lib/format.ts';
import type { ReportUser } from '../../../lib/models.ts';
import { hasEnded, untilLabel } from './grant-end.ts';
import { GrantEndInput } from './GrantEndInput.tsx';

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

/**
 * Names (lastname, firstname) with each grant's end: read-only, or with a trash icon and a
 * "Válido hasta" input each when `onRemove` and `onEndChange` are given. Ended grants are greyed.
 */
export function UserNames({
  label,
  users,
  onRemove,
  onEndChange,
}: {
  label?: string;
  users: ReportUser[];
  onRemove?(user: ReportUser): void;
  onEndChange?(user: ReportUser, validUntil: string | undefined): void;
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
            <span className={hasEnded(user.validUntil) ? 'vt-grant--ended' : undefined}>
              {fullName(user)}
              {onEndChange ? (
                <GrantEndInput
                  label={fullName(user)}
                  value={user.validUntil}
                  onChange={(validUntil) => onEndChange(user, validUntil)}
                />
              ) : (
                user.validUntil && (
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    ({untilLabel(user.validUntil)})
                  </Typography.Text>
                )
              )}
            </span>
          </List.Item>
        )}
      />
    </div>
  );
}
