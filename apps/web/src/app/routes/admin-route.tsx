import { Navigate, Outlet } from 'react-router';
import { Role } from '../../lib/models.ts';
import { PageColumn } from '../layouts/PageColumn.tsx';
import { useCurrentUser } from '../../lib/use-current-user.ts';

/** Administration shell: administrators only (the server enforces it too); the bare path opens Cuentas. */
export function AdminRoute() {
  const user = useCurrentUser();
  if (user?.rol !== Role.Administrator) return <Navigate to="/gateway" replace />;
  return (
    <PageColumn>
      <Outlet />
    </PageColumn>
  );
}
