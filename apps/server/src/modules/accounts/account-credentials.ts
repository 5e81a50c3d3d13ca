import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import type { SecretBox } from './secret-box.ts';

/** The decrypted credentials of a stored account, as MSAL needs them. */
export function credentialsOf(
  account: { id: number; username: string; password_encrypted: string; client_id: string },
  secrets: SecretBox,
): BiCredentials {
  let password: string;
  try {
    password = secrets.decrypt(account.password_encrypted);
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
  };
}
