import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import type { Account } from '../../../lib/models.ts';
import { LIMITS, mailRule, required } from '../../../lib/validation.ts';
import { accountFieldRules, ApplicationIdField } from './account-fields.tsx';
import type { AccountFormValues } from './account-form-values.ts';
import { ServicePrincipalFields } from './ServicePrincipalFields.tsx';

interface Props {
  open: boolean;
  /** The account being edited, or null to create one. */
  account: Account | null;
  saving: boolean;
  onSave(values: AccountFormValues): void;
  onCancel(): void;
}

/**
 * Agregar cuenta / Editar cuenta (spec §4): cleared on create, prefilled on edit with username
 * locked. "Tipo de autenticación" picks the spec's master user (its fields and rules unchanged)
 * or a service principal (tenant, client secret or certificate; the username is a free label).
 */
export function AccountFormModal({ open, account, saving, onSave, onCancel }: Props) {
  const [form] = Form.useForm<AccountFormValues>();
  const editing = account !== null;
  const authType = Form.useWatch('authType', form) ?? 'MasterUser';
  const servicePrincipal = authType === 'ServicePrincipal';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (account) {
      const { id, username, clientId, description } = account;
      form.setFieldsValue({
        id,
        username,
        clientId,
        description,
        authType: account.authType ?? 'MasterUser',
        tenantId: account.tenantId ?? undefined,
        secretExpiresAt: account.secretExpiresAt ?? undefined,
      });
    }
  }, [open, account, form]);

  return (
    <FormModal
      title={editing ? 'Editar cuenta' : 'Agregar cuenta'}
      open={open}
      saving={saving}
      onSubmit={() => form.submit()}
      onCancel={onCancel}
    >
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        initialValues={{ authType: 'MasterUser' }}
        onFinish={(values) => onSave({ ...values, id: account?.id })}
      >
        <Form.Item name="authType" label="Tipo de autenticación">
          {/* A select, not radios: its options are no labels, so "Usuario" names one field only. */}
          <Select
            options={[
              { value: 'MasterUser', label: 'Usuario maestro' },
              { value: 'ServicePrincipal', label: 'Entidad de servicio' },
            ]}
          />
        </Form.Item>
        <Form.Item name="description" label="Descripción" rules={accountFieldRules}>
          <Input maxLength={LIMITS.accountField} />
        </Form.Item>
        <Form.Item
          name="username"
          label="Usuario"
          extra={servicePrincipal ? 'Una etiqueta libre: no necesita ser un correo.' : undefined}
          rules={
            editing
              ? [required()]
              : servicePrincipal
                ? accountFieldRules
                : [...accountFieldRules, mailRule]
          }
        >
          <Input maxLength={LIMITS.accountField} disabled={editing} autoComplete="off" />
        </Form.Item>
        {servicePrincipal ? (
          <ServicePrincipalFields form={form} />
        ) : (
          <>
            <Form.Item name="password" label="Contraseña" rules={accountFieldRules}>
              <Input.Password maxLength={LIMITS.accountField} autoComplete="new-password" />
            </Form.Item>
            <ApplicationIdField />
          </>
        )}
      </Form>
    </FormModal>
  );
}
