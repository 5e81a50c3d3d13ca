import { Navigate, useParams } from 'react-router';
import { CreateReportPage } from '../../features/authoring/components/CreateReportPage.tsx';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';

/** `authoring/new/{accountId}/{workspaceId}/{datasetId}`: administrators only, like its API. */
export function CreateReportRoute() {
  const { accountId = '', workspaceId = '', datasetId = '' } = useParams();
  const user = useCurrentUser();
  if (user?.rol !== Role.Administrator) return <Navigate to="/gateway" replace />;
  return (
    <CreateReportPage
      key={`${accountId}/${workspaceId}/${datasetId}`}
      accountId={Number(accountId)}
      workspaceId={workspaceId}
      datasetId={datasetId}
    />
  );
}
