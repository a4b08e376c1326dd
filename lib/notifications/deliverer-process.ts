/**
 * The process's notification deliverer, from the environment: started by lib/server/start.ts
 * beside the stuck sampler and stopped at shutdown. On globalThis, so that Next's dev server
 * re-evaluating modules does not start a second one.
 */
import { configuredRoleSettings } from '@/lib/auth/roles';
import { getConsoleDb } from '@/lib/db';
import { startNotificationDeliverer, type NotificationDeliverer } from './deliverer';
import { notificationSettings } from './settings';

const shared = globalThis as typeof globalThis & { voiceNotificationDeliverer?: NotificationDeliverer };

/** Starts the deliverer once unless NOTIFICATION_DELIVERY is off. */
export async function ensureNotificationDeliverer(): Promise<void> {
  const settings = notificationSettings();
  if (!settings.deliveryEnabled || shared.voiceNotificationDeliverer) return;
  shared.voiceNotificationDeliverer = startNotificationDeliverer({
    db: await getConsoleDb(),
    settings,
    roleSettings: configuredRoleSettings(),
  });
}

export async function stopNotificationDeliverer(): Promise<void> {
  const deliverer = shared.voiceNotificationDeliverer;
  delete shared.voiceNotificationDeliverer;
  await deliverer?.stop();
}
