import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { useNotify } from '../../../components/use-notify.ts';
import type { Report } from '../../../lib/models.ts';
import { LIMITS } from '../../../lib/validation.ts';
import { useReportAdmin } from '../api/report-admin-api.ts';

type Dialog = 'rename' | 'delete' | null;

/** An administrator's menu on a report card: Cambiar nombre (a name dialog) and Eliminar (confirmed). */
export function ReportAdminMenu({ report, userId }: { report: Report; userId: number }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [name, setName] = useState(report.name);
  const change = useReportAdmin(userId);
  const notify = useNotify();
  const close = () => setDialog(null);
  const run = (request: Parameters<typeof change.mutate>[0], title: string, done: string) =>
    change.mutate(request, {
      onSuccess: () => {
        close();
        notify.success(title, done);
      },
      onError: (error) => notify.error(error),
    });
  const blank = name.trim() === '';
  const rename = () =>
    !blank &&
    run(
      { kind: 'rename', uid: report.uId, name: name.trim() },
      'Cambiar nombre',
      'Nombre cambiado.',
    );
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'rename', label: 'Cambiar nombre' },
            { key: 'delete', label: 'Eliminar', danger: true },
          ],
          onClick: ({ key }) => {
            setName(report.name);
            setDialog(key as Dialog);
          },
        }}
      >
        <Button
          type="text"
          size="small"
          title="Más opciones"
          aria-label={`Más opciones: ${report.name}`}
          icon={<MoreOutlined />}
        />
      </Dropdown>
      <Modal
        title="Cambiar nombre"
        open={dialog === 'rename'}
        okText="Guardar"
        okButtonProps={{ disabled: blank }}
        confirmLoading={change.isPending}
        onOk={rename}
        onCancel={close}
        destroyOnHidden
      >
        <label>
          <Typography.Text>Nombre del informe</Typography.Text>
          <Input
            value={name}
            maxLength={LIMITS.reportName}
            status={blank ? 'error' : undefined}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={rename}
            autoFocus
          />
        </label>
        {blank && (
          <Typography.Text type="danger">Escriba un nombre para el informe.</Typography.Text>
        )}
      </Modal>
      <ConfirmModal
        title="Eliminar informe"
        open={dialog === 'delete'}
        confirmLabel="Eliminar"
        danger
        loading={change.isPending}
        onConfirm={() => run({ kind: 'delete', uid: report.uId }, 'Eliminar', 'Informe eliminado.')}
        onCancel={close}
      >
        ¿Eliminar el informe «{report.name}»? Se quitan también sus permisos y favoritos. No se
        puede deshacer.
      </ConfirmModal>
    </>
  );
}
