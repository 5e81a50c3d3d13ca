import { LoginCard } from '../../features/auth/components/LoginCard.tsx';

export function LoginRoute() {
  return <LoginCard />;
}
