import { SubscriptionsPage } from '../../features/subscriptions/components/SubscriptionsPage.tsx';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';
import { PageColumn } from '../layouts/PageColumn.tsx';

/** "Suscripciones": an administrator's are all, a viewer's their own (the server decides too). */
export function SubscriptionsRoute() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <PageColumn>
      <SubscriptionsPage user={user} isAdministrator={user.rol === Role.Administrator} />
    </PageColumn>
  );
}
