import type { Metadata } from 'next';
import { Breadcrumb } from '@/components/breadcrumb';
import { ChannelForm } from '@/components/notification-channels/channel-form';
import { ChannelsUnavailableAlert } from '@/components/notification-channels/unavailable-alert';
import { saveChannelAction } from '@/lib/actions/notifications';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { CHANNELS_HREF } from '@/lib/notifications/paths';

export const metadata: Metadata = { title: 'New notification channel' };

export default async function NewNotificationChannelPage() {
  const { operator } = await requireAdminSession();
  return (
    <div className="space-y-6">
      <Breadcrumb href={CHANNELS_HREF} label="Notification channels" record="New channel" />
      <h1 className="text-2xl font-semibold tracking-tight">New notification channel</h1>
      <ChannelsUnavailableAlert />
      <ChannelForm channel={null} permission={permissionFor(operator.role, saveChannelAction)} />
    </div>
  );
}
