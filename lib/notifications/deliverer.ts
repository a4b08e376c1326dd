/**
 * The notification deliverer: every poll, it makes the delivery rows of new events (one per
 * event and channel that wants it), claims the due ones with a lease, sends each, and records the
 * attempt. Every console runs one; the claim in the database makes each attempt one console's.
 * It runs beside requests, never inside one, so a slow receiver delays nothing an operator does.
 */
import { randomUUID } from 'node:crypto';
import type { RoleSettings } from '@/lib/auth/roles';
import type { ConsoleDb } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { channelTarget, type ChannelTarget } from './channels';
import { claimDue, fanOut, finishAttempt, type ClaimedDelivery } from './deliveries';
import { notificationMessage } from './message';
import { approverEmails } from './recipients';
import { sendToChannel, type AttemptResult } from './send';
import { SECRETS_KEY_SETTING, type NotificationSettings } from './settings';

export interface DelivererOptions {
  db: ConsoleDb;
  settings: NotificationSettings;
  /** How roles are resolved, for the approvers an approval is e-mailed to. */
  roleSettings: RoleSettings;
  consoleId?: string;
  now?: () => number;
  /** Start polling on a timer (the server); tests call deliverOnce themselves. */
  poll?: boolean;
}

export interface NotificationDeliverer {
  readonly consoleId: string;
  /** One poll: fan out, claim, send, record; the number of attempts this console made. */
  deliverOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** How far back a poll looks for events: a transaction may commit an event stamped a little earlier. */
const LOOKBACK_MS = 5 * 60_000;
/** At start, events of the last day not yet fanned out still are (the consoles were all down). */
const FIRST_LOOKBACK_MS = 24 * 60 * 60_000;
const CLAIM_LIMIT = 20;

export function startNotificationDeliverer(options: DelivererOptions): NotificationDeliverer {
  const consoleId = options.consoleId ?? `deliverer-${randomUUID()}`;
  const now = options.now ?? Date.now;
  const { db, settings } = options;
  // An attempt is finished (answered or timed out) well before another console may take it again.
  const leaseMs = settings.timeoutMs * 2 + 5_000;
  let since = new Date(now() - FIRST_LOOKBACK_MS);
  let running: Promise<number> | null = null;
  const log = logger('notifications');

  const sendOne = async (claim: ClaimedDelivery, target: ChannelTarget | null): Promise<AttemptResult> => {
    if (!target) return { ok: false, outcome: `${SECRETS_KEY_SETTING} is unset: the channel's secrets cannot be read` };
    const recipients =
      claim.event.kind === 'approval.waiting' && target.kind === 'email'
        ? await approverEmails(db, options.roleSettings, claim.event.requestedBy)
        : null;
    return sendToChannel(
      target,
      {
        eventId: claim.eventId,
        createdAt: claim.createdAt,
        event: claim.event,
        message: notificationMessage(claim.event, claim, settings.publicUrl),
        recipients,
      },
      { timeoutMs: settings.timeoutMs, now },
    );
  };

  const attempt = async (claim: ClaimedDelivery): Promise<void> => {
    const startedAt = new Date(now());
    const started = performance.now();
    let result: AttemptResult;
    try {
      const target = settings.secretsKey ? await channelTarget(db, settings.secretsKey, claim.channelId) : null;
      result = await sendOne(claim, target);
    } catch (error) {
      result = { ok: false, outcome: error instanceof Error ? error.message.slice(0, 500) : 'failed' };
    }
    const retryDelayMs = result.ok ? null : (settings.retryDelaysMs[claim.attempt - 1] ?? null);
    await finishAttempt(
      db,
      consoleId,
      claim,
      { ...result, startedAt, durationMs: Math.round(performance.now() - started) },
      retryDelayMs,
    );
    if (!result.ok)
      log.warn(
        { channelId: claim.channelId, eventId: claim.eventId, attempt: claim.attempt, outcome: result.outcome },
        retryDelayMs === null ? 'a notification was given up' : 'a notification attempt failed; it will be retried',
      );
  };

  const deliverOnce = async (): Promise<number> => {
    const pollStart = now();
    await fanOut(db, since);
    since = new Date(pollStart - LOOKBACK_MS);
    const claims = await claimDue(db, consoleId, leaseMs, CLAIM_LIMIT);
    await Promise.all(claims.map(attempt));
    return claims.length;
  };

  const tick = () => {
    if (running) return;
    running = deliverOnce().catch((error: unknown) => {
      log.error({ err: error }, 'a notification poll failed');
      return 0;
    });
    void running.finally(() => (running = null));
  };
  const timer = options.poll === false ? null : setInterval(tick, settings.pollMs);
  timer?.unref?.();
  if (timer) tick();

  return {
    consoleId,
    deliverOnce,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
