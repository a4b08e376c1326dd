import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Breadcrumb } from '@/components/breadcrumb';
import { FilterBar } from '@/components/data-table/filters/filter-bar';
import { Link } from '@/components/link';
import { ChannelControls } from '@/components/notification-channels/channel-controls';
import { ChannelForm } from '@/components/notification-channels/channel-form';
import { DELIVERIES_TABLE, DeliveriesTable } from '@/components/notification-channels/deliveries-table';
import { ParamIssues } from '@/components/param-issues';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { saveChannelAction, sendTestMessageAction } from '@/lib/actions/notifications';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { channelsUnavailableReason, readChannel, readDeliveries } from '@/lib/notifications/data';
import { CHANNEL_KIND_LABELS } from '@/lib/notifications/kinds';
import { CHANNELS_HREF, channelHref } from '@/lib/notifications/paths';
import { parseDeliveriesParams } from '@/lib/notifications/search-params';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Notification channel' };

type PageProps = { params: Promise<{ id: string }>; searchParams: SearchParams };

/** One channel: its settings (secrets only as "set"), a test message, and its delivery attempts. */
export default async function NotificationChannelPage({ params, searchParams }: PageProps) {
  const { operator } = await requireAdminSession();
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const { result, page, table, issues } = parseDeliveriesParams(await searchParams, DELIVERIES_TABLE);
  const [channel, deliveries] = await Promise.all([
    readChannel(id),
    readDeliveries({
      channelId: id,
      result,
      order: table.sort.order,
      offset: (page - 1) * table.size,
      limit: table.size,
    }),
  ]);
  if (!channel) notFound();
  const manage = permissionFor(operator.role, saveChannelAction);
  const unavailable = channelsUnavailableReason();
  const href = channelHref(channel.id);
  return (
    <div className="space-y-6">
      <Breadcrumb href={CHANNELS_HREF} label="Notification channels" record={channel.name} />
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{channel.name}</h1>
        <p className="text-sm text-muted-foreground">
          {CHANNEL_KIND_LABELS[channel.kind]} · {channel.enabled ? 'enabled' : 'disabled'} · last saved by{' '}
          {channel.updatedBy}
        </p>
      </div>
      {unavailable ? (
        <Alert data-testid="channels-unavailable">
          <AlertTitle>{unavailable}</AlertTitle>
        </Alert>
      ) : null}
      {manage.allowed ? (
        <>
          <ChannelForm channel={channel} permission={manage} />
          <ChannelControls channelId={channel.id} permission={permissionFor(operator.role, sendTestMessageAction)} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Only ops change channels; {manage.reason}</p>
      )}
      <section className="space-y-3" aria-labelledby="channel-deliveries-heading">
        <h2 id="channel-deliveries-heading" className="text-lg font-semibold">
          Deliveries to this channel
        </h2>
        <ParamIssues issues={issues} />
        <FilterBar
          action={href}
          label="Delivery filters"
          filters={DELIVERIES_TABLE.filters}
          searchHint={DELIVERIES_TABLE.searchHint}
          values={{ result }}
          keep={table.kept}
        >
          <Button asChild variant="ghost" size="sm">
            <Link href={href}>Clear</Link>
          </Button>
        </FilterBar>
        <DeliveriesTable
          rows={deliveries.rows}
          total={deliveries.total}
          page={page}
          table={table}
          empty={<p>{result ? 'No attempt matches this filter.' : 'Nothing has been sent to this channel yet.'}</p>}
        />
      </section>
    </div>
  );
}
