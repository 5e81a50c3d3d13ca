import { PermissionsByReportPage } from '../../features/permissions/components/PermissionsByReportPage.tsx';

export function PermissionsByReportRoute() {
  return <PermissionsByReportPage />;
}
