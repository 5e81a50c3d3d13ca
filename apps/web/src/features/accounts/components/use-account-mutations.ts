import { useListWrite, type Notice } from '../../../components/use-list-write.ts';
import type { Account } from '../../../lib/models.ts';
import {
  createAccount,
  deleteAccount,
  updateAccount,
  useInvalidateAccounts,
} from '../api/accounts-api.ts';
import type { AccountFormValues } from './account-form-values.ts';

/**
 * The accounts screen's writes (each a list write: pending until the reloaded list has arrived).
 * Callers close their modal in `mutate`'s `onSuccess`.
 */
export function useAccountMutations() {
  const reloadAccounts = useInvalidateAccounts();
  const save = useListWrite(reloadAccounts, saveAccount, (notice) => notice);
  const remove = useListWrite(
    reloadAccounts,
    (account: Account) => deleteAccount(account.id),
    (_answer, account) => ['Eliminar cuenta', `Se elimino la cuenta ${account.description}`],
  );
  return { save, remove };
}

/** Creates or updates the account; answers the success notice naming it. */
async function saveAccount(values: AccountFormValues): Promise<Notice> {
  const { id, description, username } = values;
  const body = requestBody(values);
  if (id === undefined) {
    const created = await createAccount(body);
    return ['Agregar cuenta', `Se agrego la cuenta ${created?.username ?? username}`];
  }
  const updated = await updateAccount({ ...body, id });
  return ['Actualizar cuenta', `Se actualizó la cuenta ${updated?.description ?? description}`];
}

/**
 * The spec's four fields for a master user (exactly what its form sent); a service principal
 * adds its type, tenant, and a secret or certificate (blank optional fields stay out).
 */
function requestBody({
  authType,
  description,
  username,
  password,
  clientId,
  ...rest
}: AccountFormValues) {
  const common = { description, username, clientId };
  if (authType !== 'ServicePrincipal') return { ...common, password };
  return {
    ...common,
    authType,
    ...(password ? { password } : {}),
    tenantId: rest.tenantId,
    ...(rest.certificate ? { certificate: rest.certificate } : {}),
    ...(rest.secretExpiresAt ? { secretExpiresAt: rest.secretExpiresAt } : {}),
  };
}
