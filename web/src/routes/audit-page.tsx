import { AuditPage } from '../features/audit/components/audit-page';

export default function AuditRoute() {
  return <AuditPage />;
}
