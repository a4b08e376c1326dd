import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UpstreamFailurePanel } from '@/components/upstream-failure';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { countRecords } from '@/lib/upstream/ra';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { upstream } = await requireAdminSession();
  const userCount = await readFromService(countRecords(upstream, 'users'));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription>Users</CardDescription>
            <CardTitle className="text-3xl tabular-nums" data-testid="user-count">
              {userCount.ok ? userCount.data.toLocaleString('en-US') : '—'}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-xs text-muted-foreground">Accounts at the service, from /admin/ra/users.</CardContent>
        </Card>
      </div>
      {userCount.ok ? null : <UpstreamFailurePanel failure={userCount.failure} retryHref="/" />}
    </div>
  );
}
