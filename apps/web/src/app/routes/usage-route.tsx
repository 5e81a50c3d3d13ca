import { UsagePage } from '../../features/usage/components/UsagePage.tsx';
import { useCurrentUser } from '../../lib/use-current-user.ts';

/** "Uso": inside the administration shell (administrators only; the server decides too). */
export function UsageRoute() {
  const user = useCurrentUser();
  return user ? <UsagePage user={user} /> : null;
}
