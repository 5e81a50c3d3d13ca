import { SubscriptionsPage } from '../../features/subscriptions/components/SubscriptionsPage.tsx';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';

/** "Suscripciones": an administrator's are all, a viewer's their own (the server decides too). */
export function SubscriptionsRoute() {
  const user = useCurrentUser();
  if (!user) return null;
  return <SubscriptionsPage user={user} isAdministrator={user.rol === Role.Administrator} />;
}
