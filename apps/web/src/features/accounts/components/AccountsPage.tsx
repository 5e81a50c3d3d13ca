import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmAction } from '../../../components/ConfirmAction.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useFormDialog } from '../../../components/use-form-dialog.ts';
import type { Account } from '../../../lib/models.ts';
import { useAccounts } from '../api/accounts-api.ts';
import { testConnection } from '../api/power-bi-api.ts';
import { AccountFormModal } from './AccountFormModal.tsx';
import { ConnectionTestModal } from './ConnectionTestModal.tsx';
import { IdentitiesModal } from './IdentitiesModal.tsx';
import { AccountsTable } from './AccountsTable.tsx';
import { useAccountMutations } from './use-account-mutations.ts';

/** Administración - Cuentas. Each modal has its own open flag (spec §4). */
export function AccountsPage() {
  const { data: accounts = [], isFetching, error } = useAccounts();
  const { save, remove } = useAccountMutations();
  const form = useFormDialog<Account>();
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [errored, setErrored] = useState<Account | null>(null);
  const [tested, setTested] = useState<Account | null>(null);
  const [identitiesOf, setIdentitiesOf] = useState<Account | null>(null);
  const connection = useMutation({ mutationFn: (account: Account) => testConnection(account.id) });

  return (
    <>
      <PageTitle
        title="Administración - Cuentas"
        add={{ label: 'AGREGAR CUENTA', onClick: () => form.openFor(null) }}
      />
      <LoadError error={error} />
      <AccountsTable
        accounts={accounts}
        loading={isFetching && accounts.length === 0}
        onEdit={form.openFor}
        onDelete={setDeleting}
        onShowError={setErrored}
        onTestConnection={(account) => {
          setTested(account);
          connection.mutate(account);
        }}
        onEditIdentities={setIdentitiesOf}
      />
      <ConnectionTestModal
        description={tested?.description ?? null}
        result={connection.data}
        running={connection.isPending}
        onClose={() => setTested(null)}
      />
      <IdentitiesModal account={identitiesOf} onClose={() => setIdentitiesOf(null)} />
      <AccountFormModal
        open={form.open}
        account={form.editing}
        saving={save.isPending}
        onSave={(values) => save.mutate(values, { onSuccess: form.close })}
        onCancel={form.close}
      />
      <ConfirmAction
        title="Eliminar cuenta"
        confirmLabel="Eliminar"
        danger
        target={deleting}
        action={remove}
        onClose={() => setDeleting(null)}
      >
        ¿Está seguro que desea eliminar la cuenta {deleting?.description}?
      </ConfirmAction>
      <Modal
        title={errored && !errored.error ? 'Advertencias' : 'Error'}
        open={errored !== null}
        onCancel={() => setErrored(null)}
        footer={
          <Button type="primary" onClick={() => setErrored(null)}>
            Aceptar
          </Button>
        }
      >
        {errored?.error ? (
          <Typography.Paragraph>
            Error al actualizar la información de la cuenta {errored.username}, {errored.message}
          </Typography.Paragraph>
        ) : null}
        {errored?.warnings?.map((warning) => (
          <Alert key={warning} type="warning" showIcon message={warning} style={{ marginTop: 8 }} />
        ))}
      </Modal>
    </>
  );
}
