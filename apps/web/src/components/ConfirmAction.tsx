import type { ReactNode } from 'react';
import { ConfirmModal } from './ConfirmModal.tsx';

/** The part of a TanStack mutation that a confirmation runs. */
interface ConfirmedMutation<T> {
  isPending: boolean;
  mutate(target: T, options: { onSuccess(): void }): void;
}

interface ConfirmActionProps<T> {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  /** What the action is about; the modal is open while there is one. */
  target: T | null;
  /** Run on the target when confirmed; the modal closes once it succeeds and stays on failure. */
  action: ConfirmedMutation<T>;
  onClose(): void;
  children: ReactNode;
}

/** "¿Está seguro…?" before a mutation on one row (eliminar, resetear). */
export function ConfirmAction<T>({
  title,
  confirmLabel,
  danger,
  target,
  action,
  onClose,
  children,
}: ConfirmActionProps<T>) {
  return (
    <ConfirmModal
      title={title}
      open={target !== null}
      confirmLabel={confirmLabel}
      danger={danger}
      loading={action.isPending}
      onConfirm={() => target !== null && action.mutate(target, { onSuccess: onClose })}
      onCancel={onClose}
    >
      {children}
    </ConfirmModal>
  );
}
