import { useParams } from 'react-router';
import { ViewerPage } from '../../features/viewer/components/ViewerPage.tsx';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';

export function ViewerRoute() {
  const { uid = '' } = useParams();
  const user = useCurrentUser();
  return <ViewerPage key={uid} uid={uid} isAdministrator={user?.rol === Role.Administrator} />;
}
