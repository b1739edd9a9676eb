import type { Role } from '@reloc/domain';
import { ProjectMailsPanel } from '../../../admin/components/ProjectMailsPanel';
import type { BillingOverrides } from '../../../billing/api';
import { ProjectBillingPanel } from '../../../billing/components/ProjectBillingPanel';
import { SuperAdminActions } from './SuperAdminActions';

/** The project's 'Admin' tab: its mails, and for a superadmin its actions and billing. */
export function AdminTab({
  projectId,
  role,
  billingOverrides,
}: {
  projectId: string;
  role: Role;
  billingOverrides?: BillingOverrides;
}) {
  return (
    <>
      <ProjectMailsPanel projectId={projectId} />
      {role === 'SUPERADMIN' ? <SuperAdminActions /> : null}
      {role === 'SUPERADMIN' ? (
        <ProjectBillingPanel projectId={projectId} overrides={billingOverrides} />
      ) : null}
    </>
  );
}
