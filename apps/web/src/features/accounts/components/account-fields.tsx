import { Form, Input } from 'antd';
import { LIMITS, maxRule, required } from '../../../lib/validation.ts';

/** The rule of an account's text fields: required, and no longer than the column holds. */
export const accountFieldRules = [required(), maxRule(LIMITS.accountField)];

/** "Application ID": the same field for a master user and for a service principal. */
export function ApplicationIdField() {
  return (
    <Form.Item name="clientId" label="Application ID" rules={accountFieldRules}>
      <Input maxLength={LIMITS.accountField} />
    </Form.Item>
  );
}
