import { Form, Input, Radio } from 'antd';
import { useCallback, useEffect, useRef, type ComponentType } from 'react';
import type {
  PermissionDraft,
  PermissionEditorProps,
} from '../../../components/permission-slot.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import type { User } from '../../../lib/models.ts';
import { LIMITS, mailRule, maxRule, required } from '../../../lib/validation.ts';
import { roleLabel } from './roles.ts';

export interface UserFormValues {
  firstname: string;
  lastname: string;
  username: string;
  mail: string;
  rol: '0' | '1';
}

interface Props {
  open: boolean;
  /** The user being edited, or null to create one. */
  user: User | null;
  saving: boolean;
  PermissionEditor: ComponentType<PermissionEditorProps>;
  onSave(values: UserFormValues, permissions: PermissionDraft | null): void;
  onCancel(): void;
}

/** Agregar usuario / Editar usuario (spec §2, §5), with the embedded permissions tree for viewers. */
export function UserFormModal({ open, user, saving, PermissionEditor, onSave, onCancel }: Props) {
  const [form] = Form.useForm<UserFormValues>();
  const draft = useRef<PermissionDraft | null>(null);
  const onDraftChange = useCallback((next: PermissionDraft) => {
    draft.current = next;
  }, []);
  const rol = Form.useWatch('rol', form);
  const editing = user !== null;

  useEffect(() => {
    if (!open) return;
    draft.current = null;
    form.resetFields();
    if (user) form.setFieldsValue({ ...user, rol: String(user.rol) as UserFormValues['rol'] });
  }, [open, user, form]);

  return (
    <FormModal
      title={editing ? 'Editar usuario' : 'Agregar usuario'}
      open={open}
      saving={saving}
      width={640}
      onSubmit={() => form.submit()}
      onCancel={onCancel}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={{ rol: '1' }}
        onFinish={(values) => onSave(values, values.rol === '1' ? draft.current : null)}
      >
        <Form.Item name="firstname" label="Nombre" rules={[required(), maxRule(LIMITS.firstname)]}>
          <Input maxLength={LIMITS.firstname} />
        </Form.Item>
        <Form.Item name="lastname" label="Apellido" rules={[required(), maxRule(LIMITS.lastname)]}>
          <Input maxLength={LIMITS.lastname} />
        </Form.Item>
        <Form.Item name="username" label="Usuario" rules={[required(), maxRule(LIMITS.username)]}>
          <Input
            maxLength={LIMITS.username}
            readOnly={editing}
            disabled={editing}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item
          name="mail"
          label="Correo électronico"
          rules={[required(), maxRule(LIMITS.mail), mailRule]}
        >
          <Input maxLength={LIMITS.mail} autoComplete="off" />
        </Form.Item>
        <Form.Item name="rol" label="Rol">
          <Radio.Group
            options={[
              { value: '0', label: roleLabel(0) },
              { value: '1', label: roleLabel(1) },
            ]}
          />
        </Form.Item>
      </Form>
      {open && rol === '1' && (
        <PermissionEditor
          key={user?.id ?? 'new'}
          userId={user?.id ?? null}
          onDraftChange={onDraftChange}
        />
      )}
    </FormModal>
  );
}
