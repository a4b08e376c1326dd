'use server';

import { refresh } from 'next/cache';
import type { ActionResult } from '@/lib/actions/guard/define';
import { performAction } from '@/lib/actions/guard/server';
import {
  deleteChannelAction,
  saveChannelAction,
  sendTestMessageAction,
  type TestMessageOutcome,
} from '@/lib/actions/notifications';

/** Creates or saves a notification channel; the result carries its id only, never a secret. */
export async function saveNotificationChannel(
  input: unknown,
): Promise<ActionResult<{ channelId: string; created: boolean }>> {
  const result = await performAction(saveChannelAction, input);
  if (result.ok) refresh();
  return result;
}

export async function deleteNotificationChannel(input: unknown): Promise<ActionResult<{ deleted: boolean }>> {
  return performAction(deleteChannelAction, input);
}

export async function sendTestNotification(input: unknown): Promise<ActionResult<TestMessageOutcome>> {
  const result = await performAction(sendTestMessageAction, input);
  refresh();
  return result;
}
