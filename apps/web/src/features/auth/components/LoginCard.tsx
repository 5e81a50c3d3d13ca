import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchAccountsForUser } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { setCurrentUser } from '../../../lib/session.ts';
import { REQUIRED_SHORT } from '../../../lib/login-messages.ts';
import { authenticate, signOut } from '../api/auth-api.ts';
import { safeReturnUrl } from './return-url.ts';
import './login-card.css';

interface Credentials {
  username: string;
  password: string;
}

const requiredRule = [{ required: true, message: REQUIRED_SHORT }];

/** The login card of spec §2: Credenciales, Usuario, Contraseña, Ingresar. */
export function LoginCard() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { token } = theme.useToken();

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
    // A plain card: Ant Design's Card brings tabs and menus the login route does not need (bundle budget).
    <section className="vt-login-card" aria-labelledby="login-title">
      <h1 id="login-title" className="vt-login-card__title">
        Credenciales
      </h1>
      <div className="vt-login-card__body">
        <Form<Credentials>
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          disabled={loading}
        >
          <Form.Item name="username" rules={requiredRule}>
            <Input
              prefix={<UserOutlined />}
              placeholder="Usuario"
              aria-label="Usuario"
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item name="password" rules={requiredRule}>
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
            <p role="alert" style={{ color: token.colorError, margin: '16px 0 0' }}>
              {failure}
            </p>
          )}
        </Form>
      </div>
    </section>
  );
}
