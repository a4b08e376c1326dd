import type { Metadata } from 'next';
import { Breadcrumb } from '@/components/breadcrumb';
import { OwnWorkspacesTable } from '@/components/accounts/own-workspaces-table';
import { ServiceFailure } from '@/components/entities/service-failure';
import { readOwnWorkspaces } from '@/lib/accounts/data';
import { readFromService, requireAdminSession } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'My workspaces' };

/** The spec's `GET /admin/workspaces`: the workspaces of the signed-in operator's own account. */
export default async function OwnWorkspacesPage() {
  const { upstream, operator } = await requireAdminSession();
  const read = await readFromService(readOwnWorkspaces(upstream));
  if (!read.ok) return <ServiceFailure title="My workspaces" failure={read.failure} retryHref="/workspaces/mine" />;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <Breadcrumb href="/workspaces" label="Workspaces">
          Mine
        </Breadcrumb>
        <h1 className="text-2xl font-semibold tracking-tight">My workspaces</h1>
        <p className="text-sm text-muted-foreground">
          The workspaces {operator.email} belongs to at the service ({read.data.length.toLocaleString('en-US')}), as the
          service&apos;s own view for the signed-in account.
        </p>
      </div>
      <OwnWorkspacesTable rows={read.data} />
    </div>
  );
}
