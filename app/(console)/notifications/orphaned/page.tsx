import type { Metadata } from 'next';
import { OrphanReport } from '@/components/accounts/orphan-report';
import { REPORTS } from '@/lib/accounts/reports';
import { readFromService, requireAdminSession } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Orphaned notifications' };

export default async function OrphanedNotificationsPage() {
  const { upstream } = await requireAdminSession();
  const report = REPORTS['orphaned-notifications']!;
  const read = await readFromService(report.read(upstream, ''));
  return (
    <OrphanReport
      report={report}
      entity="notifications"
      read={read}
      explanation="Notifications whose recipient, workspace, channel or message no longer exists, as the service reports them. Links go to the parents that still exist."
    />
  );
}
