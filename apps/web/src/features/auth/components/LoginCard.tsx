import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchAccountsForUser } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { setCurrentUser } from '../../../lib/session.ts';
import { MESSAGES, required } from '../../../lib/validation.ts';
import { authenticate, signOut } from '../api/auth-api.ts';
import { safeReturnUrl } from './return-url.ts';

interface Credentials {
  username: string;
  password: string;
}

/** The login card of spec §2: Credenciales, Usuario, Contraseña, Ingresar. */
export function LoginCard() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Opening the login screen first logs out any current user.
  useEffect(() => {
    void signOut();
  }, []);

  async function submit({ username, password }: Credentials) {
    setLoading(true);
    setFailure(null);
    try {
      const user = await authenticate(username, password);
      if (!user?.token) throw new Error('Usuario o contraseña incorrectos.');
      setCurrentUser(user);
      // The gateway loads the accounts itself too: a failure here must not undo a good login.
      await fetchAccountsForUser(user.id).catch(() => undefined);
      navigate(safeReturnUrl(params.get('returnUrl')), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setLoading(false);
    }
  }

  return (
    <Card title="Credenciales" style={{ width: 380, maxWidth: '100%' }}>
      <Form<Credentials>
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        disabled={loading}
      >
        <Form.Item name="username" rules={[required(MESSAGES.requiredShort)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder="Usuario"
            aria-label="Usuario"
            autoComplete="username"
          />
        </Form.Item>
        <Form.Item name="password" rules={[required(MESSAGES.requiredShort)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="Contraseña"
            aria-label="Contraseña"
            autoComplete="current-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          Ingresar
        </Button>
        {failure && (
          <Typography.Paragraph
            type="danger"
            role="alert"
            style={{ marginTop: 16, marginBottom: 0 }}
          >
            {failure}
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
