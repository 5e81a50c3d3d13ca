import { Button } from 'antd';

interface FooterOptions {
  onCancel(): void;
  onConfirm(): void;
  loading: boolean;
  confirmLabel?: string;
  danger?: boolean;
}

/** The footer every portal modal uses: Cancelar, then the loading action button (Grabar by default). */
export function modalFooter({
  onCancel,
  onConfirm,
  loading,
  confirmLabel = 'Grabar',
  danger,
}: FooterOptions) {
  return [
    <Button key="cancel" onClick={onCancel}>
      Cancelar
    </Button>,
    <Button key="confirm" type="primary" danger={danger} loading={loading} onClick={onConfirm}>
      {confirmLabel}
    </Button>,
  ];
}
