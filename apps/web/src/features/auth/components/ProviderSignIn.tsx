import { Button } from 'antd';
import { providerSignInUrl } from '../api/auth-api.ts';

/** "Iniciar sesión con {OIDC_DISPLAY_NAME}", under the Credenciales card. */
export function ProviderSignIn({
  displayName,
  returnUrl,
}: {
  displayName: string;
  returnUrl: string;
}) {
  return (
    <div className="vt-login-provider">
      <Button block size="large" href={providerSignInUrl(returnUrl)}>
        Iniciar sesión con {displayName}
      </Button>
    </div>
  );
}
