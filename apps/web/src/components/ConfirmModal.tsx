import { Modal } from 'antd';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  title: string;
  open: boolean;
  confirmLabel: string;
  loading: boolean;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
  children: ReactNode;
}

/** A yes/no modal with Cancelar (Ant Design's, es_ES) and a loading confirm button; Escape closes it. */
export function ConfirmModal({
  title,
  open,
  confirmLabel,
  loading,
  danger,
  onConfirm,
  onCancel,
  children,
}: ConfirmModalProps) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      onOk={onConfirm}
      okText={confirmLabel}
      okButtonProps={{ danger }}
      confirmLoading={loading}
    >
      {children}
    </Modal>
  );
}
