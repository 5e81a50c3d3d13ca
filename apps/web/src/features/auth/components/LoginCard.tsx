import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, theme } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ssoFailureCodes, ssoFailureMessage, type SsoFailureCode } from '@vitrina/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchAccountsForUser } from '../../../lib/accounts.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { setCurrentUser } from '../../../lib/session.ts';
import { REQUIRED_SHORT } from '../../../lib/login-messages.ts';
import { publicConfigQuery } from '../../../lib/branding.ts';
import { usePublicConfig } from '../../../lib/use-branding.ts';
import { authenticate, completeProviderSignIn, signOut } from '../api/auth-api.ts';
import { ProviderSignIn } from './ProviderSignIn.tsx';
import { safeReturnUrl } from './return-url.ts';
import './login-card.css';

interface Credentials {
  username: string;
  password: string;
}

const requiredRule = [{ required: true, message: REQUIRED_SHORT }];

/** The code of `?sso_error=`, when it is one the page can explain. */
function ssoFailureOf(value: string | null): SsoFailureCode | undefined {
  return ssoFailureCodes.find((code) => code === value);
}

/**
 * The login card of spec §2: Credenciales, Usuario, Contraseña, Ingresar; under it, when the
 * server has a provider, "Iniciar sesión con …". Back from the provider the page either finishes
 * the sign-in (`?sso=1`) or explains why it did not (`?sso_error=`).
 */
export function LoginCard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const providerReturned = params.get('sso') === '1';
  const [loading, setLoading] = useState(providerReturned);
  const [failure, setFailure] = useState<string | null>(null);
  const { token } = theme.useToken();
  const { sso } = usePublicConfig();
  const providerFailure = ssoFailureOf(params.get('sso_error'));

  async function enter(signIn: () => Promise<Awaited<ReturnType<typeof authenticate>>>) {
    setLoading(true);
    setFailure(null);
    try {
      const user = await signIn();
      if (!user?.token) throw new Error('Usuario o contraseña incorrectos.');
      setCurrentUser(user);
      // The gateway loads the accounts itself too: a failure here must not undo a good login.
      await fetchAccountsForUser(user.id).catch(() => undefined);
      navigate(returnUrl, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setLoading(false);
    }
  }

  // Opening the login screen first logs out any current user, unless the provider just
  // signed one in: then the page collects that session.
  useEffect(() => {
    if (!providerReturned) {
      void signOut();
      return;
    }
    void enter(async () => {
      const config = await queryClient.fetchQuery(publicConfigQuery);
      return completeProviderSignIn(config.sso?.endSession === true);
    });
    // Once per visit of the page, as the sign-out it replaces.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = ({ username, password }: Credentials) =>
    enter(() => authenticate(username, password));
  const shown =
    failure ??
    (providerFailure
      ? ssoFailureMessage(providerFailure, sso?.displayName ?? 'tu cuenta corporativa')
      : null);

  // A plain card: Ant Design's Card brings tabs and menus the login route does not need (bundle
  // budget).
  return (
    <div className="vt-login-stack">
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
            {shown && (
              <p role="alert" style={{ color: token.colorError, margin: '16px 0 0' }}>
                {shown}
              </p>
            )}
          </Form>
        </div>
      </section>
      {sso && <ProviderSignIn displayName={sso.displayName} returnUrl={returnUrl} />}
    </div>
  );
}
