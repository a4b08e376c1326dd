import type { Metadata } from 'next';
import { RepairSequence } from '@/components/accounts/repair-sequence';
import { AuditPanel } from '@/components/audit/audit-panel';
import { Breadcrumb } from '@/components/breadcrumb';
import { repairSequenceAction } from '@/lib/actions/structure';
import { approvalGateFor } from '@/lib/approvals/gate';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Repair channel sequence numbers' };

/** The service-wide sequence-number repair (ops), its report, and the earlier runs in the audit log. */
export default async function RepairSequencePage() {
  const { operator } = await requireAdminSession();
  const approval = await approvalGateFor(operator, repairSequenceAction, { confirm: true });
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Breadcrumb href="/channels" label="Channels">
          Repair sequence numbers
        </Breadcrumb>
        <h1 className="text-2xl font-semibold tracking-tight">Repair channel sequence numbers</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Messages in a channel carry sequence numbers that clients use to page and to find what is unread. Gaps,
          duplicates and missing numbers make messages disappear from clients. The repair renumbers every channel; a
          second run changes nothing.
        </p>
      </div>
      <RepairSequence permission={permissionFor(operator.role, repairSequenceAction)} approval={approval} />
      <AuditPanel targetType="channel" targetId="*" />
    </div>
  );
}
