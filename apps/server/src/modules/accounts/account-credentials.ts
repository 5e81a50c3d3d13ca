import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import type { SecretBox } from './secret-box.ts';

/** The decrypted credentials of a stored account, as MSAL needs them. */
export function credentialsOf(
  account: {
    id: number;
    username: string;
    password_encrypted: string;
    client_id: string;
    auth_type?: string;
    tenant_id?: string | null;
    certificate_encrypted?: string | null;
  },
  secrets: SecretBox,
): BiCredentials {
  let password: string;
  let certificate: string | undefined;
  try {
    password = secrets.decrypt(account.password_encrypted);
    if (account.certificate_encrypted) certificate = secrets.decrypt(account.certificate_encrypted);
  } catch (error) {
    // The key changed or was lost (DATA_DIR/keys): the administrator must enter the password again.
    throw new BiServiceError(
      BiFailure.unreadableSecret,
      error instanceof Error ? error.message : String(error),
    );
  }
  return {
    accountId: account.id,
    username: account.username,
    password,
    clientId: account.client_id,
    ...(account.auth_type === 'ServicePrincipal'
      ? { authType: 'ServicePrincipal', tenantId: account.tenant_id ?? undefined, certificate }
      : {}),
  };
}
