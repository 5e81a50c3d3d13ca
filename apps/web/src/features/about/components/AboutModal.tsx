import { Button, Descriptions, Modal, Space, Typography } from 'antd';
import { useBranding } from '../../../lib/use-branding.ts';
import { PRODUCT_VERSION, useAboutInfo } from '../api/about-api.ts';

/** Acerca de (spec §2): logo, provider link, product name, Versión, Instancia, Sitio. */
export function AboutModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const branding = useBranding();
  const { data } = useAboutInfo(open);
  return (
    <Modal
      title="Acerca de"
      open={open}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Cerrar
        </Button>
      }
    >
      <Space orientation="vertical" align="center" style={{ width: '100%' }} size="middle">
        <img src={branding.logoUrl} alt={branding.providerName} style={{ height: 64 }} />
        <Typography.Link href={branding.providerSite} target="_blank" rel="noreferrer">
          {branding.providerName}
        </Typography.Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {branding.productName}
        </Typography.Title>
      </Space>
      <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label="Versión">{PRODUCT_VERSION}</Descriptions.Item>
        <Descriptions.Item label="Instancia">{data?.instance ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Sitio">{data?.site ?? '—'}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
