import { PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';

/** The "AGREGAR …" button of a list page, opening its create form. */
interface AddAction {
  label: string;
  onClick: () => void;
}

/** Administration page heading with, on list pages, the add button on the right. */
export function PageTitle({ title, add }: { title: string; add?: AddAction }) {
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
      {add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
          {add.label}
        </Button>
      )}
    </div>
  );
}
