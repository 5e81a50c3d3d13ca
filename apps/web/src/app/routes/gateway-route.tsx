import { GatewayPage } from '../../features/gateway/components/GatewayPage.tsx';
import { useCurrentUser } from '../../lib/use-current-user.ts';

export function GatewayRoute() {
  const user = useCurrentUser();
  return user ? <GatewayPage userId={user.id} /> : null;
}
