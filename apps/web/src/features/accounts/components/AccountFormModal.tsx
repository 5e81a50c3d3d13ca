import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import type { Account } from '../../../lib/models.ts';
import { LIMITS, mailRule, maxRule, required } from '../../../lib/validation.ts';

export interface AccountFormValues {
  id?: number;
  description: string;
  username: string;
  password: string;
  clientId: string;
}

interface Props {
  open: boolean;
  /** The account being edited, or null to create one. */
  account: Account | null;
  saving: boolean;
  onSave(values: AccountFormValues): void;
  onCancel(): void;
}

const fieldRules = [required(), maxRule(LIMITS.accountField)];

/** Agregar cuenta / Editar cuenta (spec §4): cleared on create, prefilled on edit with username locked. */
export function AccountFormModal({ open, account, saving, onSave, onCancel }: Props) {
  const [form] = Form.useForm<AccountFormValues>();
  const editing = account !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (account) {
      const { id, username, clientId, description } = account;
      form.setFieldsValue({ id, username, clientId, description });
    }
  }, [open, account, form]);

  return (
    <Modal
      title={editing ? 'Editar cuenta' : 'Agregar cuenta'}
      open={open}
      onCancel={onCancel}
      forceRender
      onOk={() => form.submit()}
      okText="Grabar"
      confirmLoading={saving}
    >
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => onSave({ ...values, id: account?.id })}
      >
        <Form.Item name="description" label="Descripción" rules={fieldRules}>
          <Input maxLength={LIMITS.accountField} />
        </Form.Item>
        <Form.Item
          name="username"
          label="Usuario"
          rules={editing ? [required()] : [...fieldRules, mailRule]}
        >
          <Input maxLength={LIMITS.accountField} disabled={editing} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label="Contraseña" rules={fieldRules}>
          <Input.Password maxLength={LIMITS.accountField} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="clientId" label="Application ID" rules={fieldRules}>
          <Input maxLength={LIMITS.accountField} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
