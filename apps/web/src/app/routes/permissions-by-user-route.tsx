import { PermissionsByUserPage } from '../../features/permissions/components/PermissionsByUserPage.tsx';

export function PermissionsByUserRoute() {
  return <PermissionsByUserPage />;
}
