import { App as AntApp } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';
import { AppHeader } from '../layouts/AppHeader.tsx';

/** Guard for every protected route: anonymous visitors go to the root with returnUrl. */
export function ProtectedRoute() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user?.token) {
    const returnUrl = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/?returnUrl=${returnUrl}`} replace />;
  }
  // Notifications live here, not at the root: the login route then ships without them.
  return (
    <AntApp notification={{ placement: 'topRight', duration: 5 }}>
      <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column' }}>
        <AppHeader user={user} isAdministrator={user.rol === Role.Administrator} />
        <main style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Outlet />
        </main>
      </div>
    </AntApp>
  );
}
