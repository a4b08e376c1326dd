import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { FilterBar } from '@/components/data-table/filters/filter-bar';
import { ChannelsTable } from '@/components/notification-channels/channels-table';
import { DELIVERIES_TABLE, DeliveriesTable } from '@/components/notification-channels/deliveries-table';
import { ParamIssues } from '@/components/param-issues';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { saveChannelAction } from '@/lib/actions/notifications';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { channelsUnavailableReason, readChannels, readDeliveries } from '@/lib/notifications/data';
import { CHANNELS_HREF, newChannelHref } from '@/lib/notifications/paths';
import { parseDeliveriesParams } from '@/lib/notifications/search-params';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Notification channels' };

/** Where the console sends what it has to tell people (rule changes, approvals, incidents), and each attempt. */
export default async function NotificationChannelsPage({ searchParams }: { searchParams: SearchParams }) {
  const { operator } = await requireAdminSession();
  const { result, page, table, issues } = parseDeliveriesParams(await searchParams, DELIVERIES_TABLE);
  const [channels, deliveries] = await Promise.all([
    readChannels(),
    readDeliveries({
      result,
      order: table.sort.order,
      offset: (page - 1) * table.size,
      limit: table.size,
    }),
  ]);
  const permission = permissionFor(operator.role, saveChannelAction);
  const unavailable = channelsUnavailableReason();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Notification channels</h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Slack, signed webhooks and e-mail that the console tells of watch rule changes, approvals waiting and
            incident status changes. Not the service&apos;s own notifications (those are under Orphaned notifications).
          </p>
        </div>
        {permission.allowed ? (
          <Button asChild>
            <Link href={newChannelHref()}>New channel</Link>
          </Button>
        ) : null}
      </div>
      {unavailable ? (
        <Alert data-testid="channels-unavailable">
          <AlertTitle>{unavailable}</AlertTitle>
        </Alert>
      ) : null}
      <ChannelsTable channels={channels} />
      <section className="space-y-3" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="text-lg font-semibold">
          Recent deliveries
        </h2>
        <ParamIssues issues={issues} />
        <FilterBar
          action={CHANNELS_HREF}
          label="Delivery filters"
          filters={DELIVERIES_TABLE.filters}
          searchHint={DELIVERIES_TABLE.searchHint}
          values={{ result }}
          keep={table.kept}
        >
          <Button asChild variant="ghost" size="sm">
            <Link href={CHANNELS_HREF}>Clear</Link>
          </Button>
        </FilterBar>
        <DeliveriesTable
          rows={deliveries.rows}
          total={deliveries.total}
          page={page}
          table={table}
          empty={<p>{result ? 'No attempt matches this filter.' : 'Nothing has been sent yet.'}</p>}
        />
      </section>
    </div>
  );
}
