import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { useNotify } from '../../../components/use-notify.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { getCurrentUser } from '../../../lib/session.ts';
import { LIMITS, MESSAGES, PASSWORD_PATTERN, required } from '../../../lib/validation.ts';
import { changePassword } from '../api/auth-api.ts';

interface PasswordForm {
  password: string;
  repeat: string;
}

export const PASSWORD_HELP =
  'La contraseña debe contener al menos una minuscula, una mayuscula, un número y 8 caracteres como minimo.';

/** Cambiar contraseña (spec §2, §5): Grabar loads, closes on success, returns to default on failure. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const notify = useNotify();
  const change = useMutation({
    mutationFn: ({ user, password }: { user: CurrentUser; password: string }) =>
      changePassword(user, password),
    onSuccess: (result, { user }) => {
      notify.success(
        'Cambiar contraseña',
        `Se cambio la contraseña del usuario ${result?.username ?? user.username}`,
      );
      form.resetFields();
      onClose();
    },
    onError: (error) => notify.error(error),
  });

  function save({ password }: PasswordForm) {
    const user = getCurrentUser();
    if (user) change.mutate({ user, password });
  }

  return (
    <Modal
      title="Cambiar contraseña"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      onOk={() => form.submit()}
      okText="Grabar"
      confirmLoading={change.isPending}
    >
      <Form<PasswordForm> form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item
          name="password"
          label="Contraseña"
          rules={[
            required(MESSAGES.requiredShort),
            { min: LIMITS.passwordMin, message: MESSAGES.minLength },
            { pattern: PASSWORD_PATTERN, message: MESSAGES.requirements },
          ]}
        >
          <Input.Password maxLength={LIMITS.passwordMax} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label="Repetir contraseña"
          dependencies={['password']}
          rules={[
            required(MESSAGES.requiredShort),
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(MESSAGES.mismatch)),
            }),
          ]}
        >
          <Input.Password maxLength={LIMITS.passwordMax} autoComplete="new-password" />
        </Form.Item>
        <Typography.Text type="secondary">{PASSWORD_HELP}</Typography.Text>
      </Form>
    </Modal>
  );
}
