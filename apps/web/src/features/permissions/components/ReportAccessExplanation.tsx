import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Tag } from 'antd';
import type { ReportAccess } from '@vitrina/contracts';
import { api } from '../../../lib/api.ts';

const levelNames = { report: 'Reporte', workspace: 'Área de trabajo', account: 'Cuenta' } as const;

type Entry = ReportAccess[number];

/**
 * "¿Por qué puede ver esto?" (read-only): each viewer of the report with the grants that let
 * them in (account, workspace or report), the provider groups those came through, and the
 * row-level-security identity their tokens carry.
 */
export function ReportAccessExplanation({
  reportId,
  open,
  onClose,
}: {
  reportId: string;
  open: boolean;
  onClose(): void;
}) {
  const access = useQuery({
    queryKey: ['admin', 'report-access', reportId],
    queryFn: () =>
      api.get<ReportAccess>(`administration/report/${encodeURIComponent(reportId)}/access`),
    enabled: open,
  });
  return (
    <Modal
      title="¿Por qué puede ver esto?"
      open={open}
      onCancel={onClose}
      width={720}
      footer={
        <Button type="primary" onClick={onClose}>
          Aceptar
        </Button>
      }
    >
      <Table<Entry>
        rowKey={(entry) => entry.user.id}
        size="small"
        pagination={false}
        loading={access.isFetching}
        dataSource={access.data ?? []}
        locale={{ emptyText: 'Solo los administradores ven este reporte.' }}
        columns={[
          {
            title: 'Usuario',
            key: 'user',
            render: (_, { user }) => `${user.firstname} ${user.lastname} (${user.username})`,
          },
          {
            title: 'Acceso por',
            key: 'grants',
            render: (_, { grants, groups = [] }) => [
              ...grants.map((g) => <Tag key={g}>{levelNames[g]}</Tag>),
              // Grants inherited from the provider's groups the user belonged to at sign-in.
              ...groups.map((name) => (
                <Tag key={`grupo:${name}`} color="blue">
                  Grupo {name}
                </Tag>
              )),
            ],
          },
          {
            title: 'Identidad RLS',
            key: 'identity',
            render: (_, { identities }) =>
              identities.length === 0
                ? 'Sin identidad'
                : identities
                    .map(
                      (i) =>
                        `${i.username} [${i.roles.join(', ')}]${i.datasetId ? ` (conjunto ${i.datasetId})` : ''}`,
                    )
                    .join('; '),
          },
        ]}
      />
    </Modal>
  );
}
