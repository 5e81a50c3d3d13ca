import { useMutation } from '@tanstack/react-query';
import { useNotify } from '../../../components/use-notify.ts';
import type { Account } from '../../../lib/models.ts';
import {
  createAccount,
  deleteAccount,
  updateAccount,
  useInvalidateAccounts,
} from '../api/accounts-api.ts';
import type { AccountFormValues } from './account-form-values.ts';

/**
 * The accounts screen's writes with the button states of spec §4 (default → loading → default):
 * each stays pending until the reloaded list has arrived. Unlike the spec's original, a failure
 * shows the server's message and also returns to default. Callers close their modal in
 * `mutate`'s `onSuccess`.
 */
export function useAccountMutations() {
  const notify = useNotify();
  const reloadAccounts = useInvalidateAccounts();
  const onError = (error: Error) => notify.error(error);

  const save = useMutation({
    mutationFn: async (values: AccountFormValues) => {
      const { id, description, username } = values;
      const body = requestBody(values);
      if (id === undefined) {
        const created = await createAccount(body);
        return {
          title: 'Agregar cuenta',
          text: `Se agrego la cuenta ${created?.username ?? username}`,
        };
      }
      const updated = await updateAccount({ ...body, id });
      return {
        title: 'Actualizar cuenta',
        text: `Se actualizó la cuenta ${updated?.description ?? description}`,
      };
    },
    onSuccess: async ({ title, text }) => {
      await reloadAccounts();
      notify.success(title, text);
    },
    onError,
  });

  const remove = useMutation({
    mutationFn: (account: Account) => deleteAccount(account.id),
    onSuccess: async (_answer, account) => {
      await reloadAccounts();
      notify.success('Eliminar cuenta', `Se elimino la cuenta ${account.description}`);
    },
    onError,
  });

  return { save, remove };
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
