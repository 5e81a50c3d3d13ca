import { GatewayPage } from '../../features/gateway/components/GatewayPage.tsx';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';

export function GatewayRoute() {
  const user = useCurrentUser();
  return user ? (
    <GatewayPage userId={user.id} isAdministrator={user.rol === Role.Administrator} />
  ) : null;
}
