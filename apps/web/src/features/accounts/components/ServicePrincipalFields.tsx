import { Form, Input, type FormInstance } from 'antd';
import { LIMITS, maxRule } from '../../../lib/validation.ts';
import { accountFieldRules, ApplicationIdField } from './account-fields.tsx';
import type { AccountFormValues } from './account-form-values.ts';

/** A service principal's fields: tenant, application, a client secret or a PEM certificate. */
export function ServicePrincipalFields({ form }: { form: FormInstance<AccountFormValues> }) {
  const certificate = Form.useWatch('certificate', form);
  return (
    <>
      <Form.Item name="tenantId" label="Tenant ID" rules={accountFieldRules}>
        <Input maxLength={LIMITS.accountField} placeholder="GUID o dominio del inquilino" />
      </Form.Item>
      <ApplicationIdField />
      <Form.Item
        name="password"
        label="Secreto de cliente"
        extra="El valor del secreto (no su identificador). Deje vacío si usa un certificado."
        rules={certificate ? [maxRule(LIMITS.accountField)] : accountFieldRules}
      >
        <Input.Password maxLength={LIMITS.accountField} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="certificate"
        label="Certificado (PEM, opcional)"
        extra="Clave privada y certificado en un solo PEM, en lugar del secreto."
        rules={[maxRule(LIMITS.certificatePem)]}
      >
        <Input.TextArea rows={3} spellCheck={false} />
      </Form.Item>
      <Form.Item name="secretExpiresAt" label="Vencimiento del secreto (opcional)">
        <Input type="date" />
      </Form.Item>
    </>
  );
}
