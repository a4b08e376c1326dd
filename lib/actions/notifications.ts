/**
 * Notification channels as guarded actions, for ops: save a channel (new or edited; a secret
 * left empty keeps the stored one), delete it, and send it a test message through the deliverer.
 * The secrets' input fields are named so that the audit log redacts them (lib/audit/bounded.ts):
 * an audit entry records that a secret was given, never what it is.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { freeText } from '@/lib/free-text';
import {
  createChannel,
  deleteChannel,
  getChannel,
  updateChannel,
  type ChannelInput,
} from '@/lib/notifications/channels';
import { addTestDelivery, listAttempts } from '@/lib/notifications/deliveries';
import { recordNotificationEvent } from '@/lib/notifications/events';
import { CHANNEL_KINDS, SMTP_SECURITY, SUBSCRIBABLE_EVENT_KINDS } from '@/lib/notifications/kinds';
import { channelHref } from '@/lib/notifications/paths';
import { requireSecretsKey } from '@/lib/notifications/secrets';
import { notificationSettings } from '@/lib/notifications/settings';
import { webhookUrlProblem } from '@/lib/notifications/target-url';
import { ActionRejectedError } from '@/lib/rejected';
import { sleep } from '@/lib/sleep';
import { defineAction } from './guard/define';

const channelId = z.string().trim().uuid('a channel id is a UUID');
const optionalSecret = z.string().max(2_000, 'at most 2,000 characters').optional();
const emails = z
  .string()
  .max(2_000)
  .transform((text) =>
    text
      .split(/[\s,;]+/)
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(z.array(z.email('each recipient is an e-mail address')).max(50));

export const saveChannelInput = z
  .object({
    channelId: channelId.optional(),
    name: freeText({ min: 1, minMessage: 'a name is required', max: 100, maxMessage: 'at most 100 characters' }),
    kind: z.enum(CHANNEL_KINDS),
    events: z.array(z.enum(SUBSCRIBABLE_EVENT_KINDS)).min(1, 'choose at least one kind of event'),
    enabled: z.boolean(),
    urlSecret: optionalSecret,
    signingSecret: optionalSecret,
    smtpPassword: optionalSecret,
    smtpHost: z.string().trim().max(255).optional(),
    smtpPort: z.coerce.number().int().min(1).max(65_535).optional(),
    smtpSecurity: z.enum(SMTP_SECURITY).optional(),
    smtpUser: z.string().trim().max(255).optional(),
    smtpFrom: z.string().trim().max(320).optional(),
    smtpTo: emails.optional(),
  })
  .superRefine((input, context) => {
    const url = input.urlSecret?.trim();
    if (url) {
      const problem = webhookUrlProblem(url);
      if (problem)
        context.addIssue({ code: 'custom', path: ['urlSecret'], message: `The URL is refused: ${problem}.` });
    }
    if (input.kind === 'email') {
      if (!input.smtpHost)
        context.addIssue({ code: 'custom', path: ['smtpHost'], message: 'the SMTP host is required' });
      if (!input.smtpPort)
        context.addIssue({ code: 'custom', path: ['smtpPort'], message: 'the SMTP port is required' });
      if (!input.smtpFrom) context.addIssue({ code: 'custom', path: ['smtpFrom'], message: 'the sender is required' });
    }
  })
  .transform((input) => ({ ...input, id: input.channelId ?? randomUUID(), isNew: input.channelId === undefined }));

function channelInput(input: z.output<typeof saveChannelInput>): ChannelInput {
  return {
    name: input.name,
    kind: input.kind,
    events: input.events,
    enabled: input.enabled,
    email:
      input.kind === 'email'
        ? {
            host: input.smtpHost ?? '',
            port: input.smtpPort ?? 587,
            security: input.smtpSecurity ?? 'starttls',
            user: input.smtpUser ?? '',
            from: input.smtpFrom ?? '',
            to: input.smtpTo ?? [],
          }
        : null,
    secrets:
      input.kind === 'email'
        ? { password: input.smtpPassword || undefined }
        : {
            url: input.urlSecret?.trim() || undefined,
            signingSecret: input.kind === 'webhook' ? input.signingSecret || undefined : undefined,
          },
  };
}

export const saveChannelAction = defineAction({
  name: 'notification_channel.save',
  requiredRole: 'ops',
  input: saveChannelInput,
  target: (input) => ({ type: 'notification_channel', ids: [input.id] }),
  run: async ({ operator, db }, input) => {
    const key = requireSecretsKey(notificationSettings().secretsKey);
    if (input.isNew) await createChannel(db, key, channelInput(input), operator.email, input.id);
    else await db.transaction((tx) => updateChannel(tx, key, input.id, channelInput(input), operator.email));
    return { channelId: input.id, created: input.isNew };
  },
  summary: (output) => `${output.created ? 'created' : 'saved'} channel ${output.channelId}`,
});

export const deleteChannelAction = defineAction({
  name: 'notification_channel.delete',
  requiredRole: 'ops',
  input: z.object({ channelId }),
  target: (input) => ({ type: 'notification_channel', ids: [input.channelId] }),
  run: async ({ db }, input) => {
    await deleteChannel(db, input.channelId);
    return { deleted: true };
  },
});

export interface TestMessageOutcome {
  /** Null while the first attempt has not finished when the action stops waiting. */
  ok: boolean | null;
  outcome: string;
}

/**
 * Records a test event for the channel alone and waits, a little longer than one poll and one
 * attempt, for the deliverer's first attempt: the same path every event takes.
 */
export const sendTestMessageAction = defineAction({
  name: 'notification_channel.test',
  requiredRole: 'ops',
  input: z.object({ channelId }),
  target: (input) => ({ type: 'notification_channel', ids: [input.channelId] }),
  run: async ({ operator, db }, input): Promise<TestMessageOutcome> => {
    const settings = notificationSettings();
    requireSecretsKey(settings.secretsKey);
    if (!settings.deliveryEnabled)
      throw new ActionRejectedError('NOTIFICATION_DELIVERY is off on this console: nothing would send the message.');
    const channel = await getChannel(db, input.channelId);
    if (!channel) throw new ActionRejectedError('There is no such channel.', 'not_found');
    const eventId = await db.transaction(async (tx) => {
      const id = await recordNotificationEvent(
        tx,
        {
          kind: 'channel.test',
          channelId: channel.id,
          channelName: channel.name,
          requestedBy: operator.email,
          path: channelHref(channel.id),
        },
        `channel-test:${randomUUID()}`,
      );
      await addTestDelivery(tx, id!, channel.id);
      return id!;
    });
    const deadline = Date.now() + settings.pollMs + settings.timeoutMs + 2_000;
    while (Date.now() < deadline) {
      await sleep(Math.min(250, settings.pollMs));
      const { rows } = await listAttempts(db, { channelId: channel.id, eventId, order: 'asc', limit: 1, offset: 0 });
      const first = rows[0];
      if (first) return { ok: first.ok, outcome: first.outcome };
    }
    return { ok: null, outcome: 'queued: no attempt has finished yet; see the deliveries below' };
  },
  summary: (output) => `test message: ${output.outcome}`,
});
