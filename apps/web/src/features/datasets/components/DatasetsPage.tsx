import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { fetchAccountsForUser } from '../../../lib/accounts.ts';
import { useCurrentUser } from '../../../lib/use-current-user.ts';
import type { WorkspaceRef } from '../api/datasets-api.ts';
import { DatasetsTable } from './DatasetsTable.tsx';
import { UploadPanel } from './UploadPanel.tsx';

const refKey = (where: WorkspaceRef) => `${where.accountId}|${where.workspaceId}`;

/**
 * "Datos" (administrators only, beyond the portal spec): pick an account's workspace, upload a
 * file into it, correct the inferred types, and look after its datasets.
 */
export function DatasetsPage() {
  const user = useCurrentUser();
  const accounts = useQuery({
    queryKey: ['datasets-accounts', user?.id],
    queryFn: () => fetchAccountsForUser(user!.id),
    enabled: user !== null,
  });
  const [chosen, setChosen] = useState<WorkspaceRef | null>(null);

  const options = (accounts.data ?? []).flatMap((account) =>
    account.workspaces.map((workspace) => {
      const where = { accountId: account.id, workspaceId: workspace.id };
      return { value: refKey(where), label: `${account.description} / ${workspace.name}`, where };
    }),
  );
  const where = chosen ?? options[0]?.where ?? null;

  return (
    <>
      <PageTitle title="Administración - Datos" />
      {accounts.isError ? (
        <LoadError error={accounts.error} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <label>
            <Typography.Text strong>Área de trabajo </Typography.Text>
            <Select
              aria-label="Área de trabajo"
              style={{ minWidth: 360 }}
              loading={accounts.isPending}
              options={options.map(({ value, label }) => ({ value, label }))}
              value={where ? refKey(where) : undefined}
              onChange={(value: string) =>
                setChosen(options.find((option) => option.value === value)?.where ?? null)
              }
            />
          </label>
          {where && (
            <>
              <UploadPanel key={`upload-${refKey(where)}`} where={where} />
              <DatasetsTable where={where} />
            </>
          )}
        </Space>
      )}
    </>
  );
}
