/** What the notification channel pages read: the channels (never their secrets) and the delivery attempts. */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { getChannel, listChannels, type ChannelSummary } from './channels';
import { listAttempts, type DeliveryAttemptRow } from './deliveries';
import type { DeliveriesParams } from './search-params';
import { notificationSettings, SECRETS_KEY_SETTING } from './settings';

export async function readChannels(): Promise<ChannelSummary[]> {
  return listChannels(await getConsoleDb());
}

export async function readChannel(id: string): Promise<ChannelSummary | null> {
  return getChannel(await getConsoleDb(), id);
}

/** The page of delivery attempts the deliveries table's URL asks for: of one channel, or of all. */
export async function readDeliveries(
  params: Pick<DeliveriesParams, 'result' | 'page' | 'table'>,
  channelId?: string,
): Promise<{ rows: DeliveryAttemptRow[]; total: number }> {
  const { result, page, table } = params;
  return listAttempts(await getConsoleDb(), {
    channelId,
    result,
    order: table.sort.order,
    offset: (page - 1) * table.size,
    limit: table.size,
  });
}

/** Why channels cannot be saved or sent to on this console, in words; null when they can. */
export function channelsUnavailableReason(): string | null {
  const settings = notificationSettings();
  if (!settings.secretsKey)
    return `${SECRETS_KEY_SETTING} is unset: channels keep their secrets encrypted with it, so none can be saved or sent to. Set it to 32 random bytes (openssl rand -hex 32) on every console and restart.`;
  if (!settings.deliveryEnabled) return 'NOTIFICATION_DELIVERY is off on this console: it sends nothing.';
  return null;
}
