import { Button, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { fullName } from '../../../lib/format.ts';
import type { User } from '../../../lib/models.ts';

interface Props {
  candidates: User[];
  onAdd(user: User): void;
  onClose(): void;
}

/** Agregar usuario: a select of candidates with the first preselected; Agregar only when there are any. */
export function AddReportUserModal({ candidates, onAdd, onClose }: Props) {
  const [selectedId, setSelectedId] = useState<number | undefined>(candidates[0]?.id);
  const selected = candidates.find((u) => u.id === selectedId);
  return (
    <Modal
      title="Agregar usuario"
      open
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Cerrar
        </Button>,
        candidates.length > 0 && (
          <Button
            key="add"
            type="primary"
            disabled={!selected}
            onClick={() => selected && onAdd(selected)}
          >
            Agregar
          </Button>
        ),
      ]}
    >
      {candidates.length > 0 ? (
        <Select
          aria-label="Usuario"
          style={{ width: '100%' }}
          value={selectedId}
          onChange={setSelectedId}
          showSearch={{ optionFilterProp: 'label' }}
          options={candidates.map((u) => ({ value: u.id, label: fullName(u) }))}
        />
      ) : (
        <Typography.Text type="secondary">No hay usuarios para agregar.</Typography.Text>
      )}
    </Modal>
  );
}
