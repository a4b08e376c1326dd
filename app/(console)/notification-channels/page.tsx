import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { ChannelsTable } from '@/components/notification-channels/channels-table';
import { DeliveriesSection } from '@/components/notification-channels/deliveries-section';
import { DELIVERIES_TABLE } from '@/components/notification-channels/deliveries-table';
import { ChannelsUnavailableAlert } from '@/components/notification-channels/unavailable-alert';
import { Button } from '@/components/ui/button';
import { saveChannelAction } from '@/lib/actions/notifications';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { readChannels, readDeliveries } from '@/lib/notifications/data';
import { CHANNELS_HREF, newChannelHref } from '@/lib/notifications/paths';
import { parseDeliveriesParams } from '@/lib/notifications/search-params';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Notification channels' };

/** Where the console sends what it has to tell people (rule changes, approvals, incidents), and each attempt. */
export default async function NotificationChannelsPage({ searchParams }: { searchParams: SearchParams }) {
  const { operator } = await requireAdminSession();
  const deliveryParams = parseDeliveriesParams(await searchParams, DELIVERIES_TABLE);
  const [channels, deliveries] = await Promise.all([readChannels(), readDeliveries(deliveryParams)]);
  const permission = permissionFor(operator.role, saveChannelAction);
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
      <ChannelsUnavailableAlert />
      <ChannelsTable channels={channels} />
      <DeliveriesSection
        headingId="deliveries-heading"
        heading="Recent deliveries"
        href={CHANNELS_HREF}
        params={deliveryParams}
        deliveries={deliveries}
        nothingSent="Nothing has been sent yet."
      />
    </div>
  );
}
