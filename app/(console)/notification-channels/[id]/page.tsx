import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Breadcrumb } from '@/components/breadcrumb';
import { ChannelControls } from '@/components/notification-channels/channel-controls';
import { ChannelForm } from '@/components/notification-channels/channel-form';
import { DeliveriesSection } from '@/components/notification-channels/deliveries-section';
import { DELIVERIES_TABLE } from '@/components/notification-channels/deliveries-table';
import { ChannelsUnavailableAlert } from '@/components/notification-channels/unavailable-alert';
import { saveChannelAction, sendTestMessageAction } from '@/lib/actions/notifications';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { readChannel, readDeliveries } from '@/lib/notifications/data';
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
  const deliveryParams = parseDeliveriesParams(await searchParams, DELIVERIES_TABLE);
  const [channel, deliveries] = await Promise.all([readChannel(id), readDeliveries(deliveryParams, id)]);
  if (!channel) notFound();
  const manage = permissionFor(operator.role, saveChannelAction);
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
      <ChannelsUnavailableAlert />
      {manage.allowed ? (
        <>
          <ChannelForm channel={channel} permission={manage} />
          <ChannelControls channelId={channel.id} permission={permissionFor(operator.role, sendTestMessageAction)} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Only ops change channels; {manage.reason}</p>
      )}
      <DeliveriesSection
        headingId="channel-deliveries-heading"
        heading="Deliveries to this channel"
        href={href}
        params={deliveryParams}
        deliveries={deliveries}
        nothingSent="Nothing has been sent to this channel yet."
      />
    </div>
  );
}
