import type { AuthType } from '@vitrina/contracts';

/** The Cuentas form's values: the spec's four fields, plus a service principal's own. */
export interface AccountFormValues {
  id?: number;
  authType?: AuthType;
  description: string;
  username: string;
  password?: string;
  clientId: string;
  tenantId?: string;
  certificate?: string;
  secretExpiresAt?: string;
}
