import { AuditPage } from '../../features/audit/components/AuditPage.tsx';

/** "Auditoría" (administrators; the administration shell and the server check the role). */
export function AuditRoute() {
  return <AuditPage />;
}
