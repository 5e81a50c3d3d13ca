import { AccountsPage } from '../../features/accounts/components/AccountsPage.tsx';

export function AccountsRoute() {
  return <AccountsPage />;
}
