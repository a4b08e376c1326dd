import type { Metadata } from 'next';
import { OrphanReport } from '@/components/accounts/orphan-report';
import { REPORTS } from '@/lib/accounts/reports';
import { readFromService, requireAdminSession } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Orphaned channels' };

export default async function OrphanedChannelsPage() {
  const { upstream } = await requireAdminSession();
  const report = REPORTS['orphaned-channels']!;
  const read = await readFromService(report.read(upstream, ''));
  return (
    <OrphanReport
      report={report}
      entity="channels"
      read={read}
      explanation="Channels whose workspace is missing (none set, unknown or deleted) or whose owner no longer exists, as the service reports them. Links go to the parents that still exist."
    />
  );
}
