import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Administration page heading with an optional action on the right. */
export function PageTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        flexWrap: 'wrap',
        marginBottom: 16,
      }}
    >
      <Typography.Title level={3} className="vt-page-title" style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </div>
  );
}
