import type { Metadata } from 'next';
import { OrphanReport, USER_REFERENCE_FIELDS } from '@/components/accounts/orphan-report';
import { existingUserReferences, readUserNames } from '@/lib/accounts/user-names';
import { REPORTS } from '@/lib/accounts/reports';
import { readFromService, requireAdminSession } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Orphaned channels' };

export default async function OrphanedChannelsPage() {
  const { upstream } = await requireAdminSession();
  const report = REPORTS['orphaned-channels']!;
  const read = await readFromService(report.read(upstream, ''));
  // The users the rows name, in one batch read for the page.
  const names = read.ok ? await readUserNames(upstream, existingUserReferences(read.data, USER_REFERENCE_FIELDS)) : {};
  return (
    <OrphanReport
      report={report}
      entity="channels"
      read={read}
      names={names}
      explanation="Channels whose workspace is missing (none set, unknown or deleted) or whose owner no longer exists, as the service reports them. Links go to the parents that still exist."
    />
  );
}
