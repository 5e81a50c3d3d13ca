import { Navigate, Outlet } from 'react-router';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';

/** Administration shell: administrators only (the server enforces it too); the bare path opens Cuentas. */
export function AdminRoute() {
  const user = useCurrentUser();
  if (user?.rol !== Role.Administrator) return <Navigate to="/gateway" replace />;
  return (
    <div
      style={{
        padding: 16,
        width: '100%',
        maxWidth: 1400,
        margin: '0 auto',
        boxSizing: 'border-box',
      }}
    >
      <Outlet />
    </div>
  );
}
