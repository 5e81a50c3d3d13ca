import { PlusOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useAction } from '../../../components/use-action.ts';
import type { Account } from '../../../lib/models.ts';
import {
  createAccount,
  deleteAccount,
  updateAccount,
  useAccounts,
  useReloadAccounts,
} from '../api/accounts-api.ts';
import { AccountFormModal, type AccountFormValues } from './AccountFormModal.tsx';
import { AccountsTable } from './AccountsTable.tsx';

/** Administración - Cuentas. Each modal has its own open flag (spec §4). */
export function AccountsPage() {
  const { data: accounts = [], isFetching, error } = useAccounts();
  const reload = useReloadAccounts();
  const save = useAction();
  const remove = useAction();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [errored, setErrored] = useState<Account | null>(null);

  const openForm = (account: Account | null) => {
    setEditing(account);
    setFormOpen(true);
  };

  async function onSave({ id, description, username, password, clientId }: AccountFormValues) {
    const done = await save.run(async () => {
      if (id === undefined) {
        const created = await createAccount({ description, username, password, clientId });
        await reload();
        save.notify.success(
          'Agregar cuenta',
          `Se agrego la cuenta ${created?.username ?? username}`,
        );
      } else {
        const updated = await updateAccount({ id, description, username, password, clientId });
        await reload();
        save.notify.success(
          'Actualizar cuenta',
          `Se actualizó la cuenta ${updated?.description ?? description}`,
        );
      }
    });
    if (done) setFormOpen(false);
  }

  async function onDelete(account: Account) {
    const done = await remove.run(async () => {
      await deleteAccount(account.id);
      await reload();
      remove.notify.success('Eliminar cuenta', `Se elimino la cuenta ${account.description}`);
    });
    if (done) setDeleting(null);
  }

  return (
    <>
      <PageTitle
        title="Administración - Cuentas"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            AGREGAR CUENTA
          </Button>
        }
      />
      <LoadError error={error} />
      <AccountsTable
        accounts={accounts}
        loading={isFetching && accounts.length === 0}
        onEdit={openForm}
        onDelete={setDeleting}
        onShowError={setErrored}
      />
      <AccountFormModal
        open={formOpen}
        account={editing}
        saving={save.pending}
        onSave={onSave}
        onCancel={() => setFormOpen(false)}
      />
      <ConfirmModal
        title="Eliminar cuenta"
        open={deleting !== null}
        confirmLabel="Eliminar"
        danger
        loading={remove.pending}
        onConfirm={() => deleting && void onDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        ¿Está seguro que desea eliminar la cuenta {deleting?.description}?
      </ConfirmModal>
      <Modal
        title="Error"
        open={errored !== null}
        onCancel={() => setErrored(null)}
        footer={
          <Button type="primary" onClick={() => setErrored(null)}>
            Aceptar
          </Button>
        }
      >
        <Typography.Paragraph>
          Error al actualizar la información de la cuenta {errored?.username}, {errored?.message}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
