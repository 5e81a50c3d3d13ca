import { useEffect } from 'react';
import { GatewayPage } from '../../features/gateway/components/GatewayPage.tsx';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';

export function GatewayRoute() {
  const user = useCurrentUser();
  // The viewer's chunk is fetched while the user picks a report, not after the click.
  useEffect(() => void import('./viewer-route.tsx').catch(() => undefined), []);
  return user ? (
    <GatewayPage userId={user.id} isAdministrator={user.rol === Role.Administrator} />
  ) : null;
}
