/**
 * Notification delivery on PGlite and PostgreSQL, against receivers started here
 * (tests/support/receivers.ts): one delivery per event and channel with two deliverers on one
 * database, retries spaced by the backoff, an unanswered attempt timed out and retried, the
 * webhook's HMAC signature checked by a receiver written here, SMTP to smtp-server with approvals
 * going to the approvers, and secrets absent from the row, the log and the recorded outcomes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSettings } from '@/lib/auth/roles';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { createChannel, type ChannelInput } from '@/lib/notifications/channels';
import { startNotificationDeliverer, type NotificationDeliverer } from '@/lib/notifications/deliverer';
import { listAttempts } from '@/lib/notifications/deliveries';
import { recordNotificationEvent, type NotificationEvent } from '@/lib/notifications/events';
import { notificationSettings, type NotificationSettings } from '@/lib/notifications/settings';
import { createLogger } from '@/lib/observability/logger';
import { startSmtpReceiver, startWebhookReceiver, type ReceivedRequest } from '../support/receivers';
import { testDrivers, type DatabaseLocation } from '../db/drivers';

const KEY_HEX = randomBytes(32).toString('hex');
const ROLE_SETTINGS: RoleSettings = { bootstrap: new Map(), source: 'database' };

function settings(overrides: Record<string, string> = {}): NotificationSettings {
  return notificationSettings({
    NOTIFICATION_SECRETS_KEY: KEY_HEX,
    CONSOLE_PUBLIC_URL: 'https://console.example.test',
    NOTIFICATION_TIMEOUT_SECONDS: '2',
    NOTIFICATION_RETRY_SECONDS: '0.3,0.6',
    ...overrides,
  });
}

function incidentEvent(n: number): Extract<NotificationEvent, { kind: 'incident.status' }> {
  return {
    kind: 'incident.status',
    incidentId: `inc-${n}`,
    title: `Backlog <${n}> & more`,
    from: null,
    to: 'open',
    path: `/incidents/inc-${n}`,
  };
}

function webhookChannel(
  url: string,
  signingSecret: string,
  events: ChannelInput['events'] = ['incident.status'],
): ChannelInput {
  return { name: 'Ops hook', kind: 'webhook', events, enabled: true, email: null, secrets: { url, signingSecret } };
}

/** The receiver's own check of the signature header, as docs/notifications.md tells a receiver to do it. */
function verifySignature(
  secret: string,
  request: Pick<ReceivedRequest, 'headers' | 'body'>,
  toleranceSeconds = 300,
): boolean {
  const header = String(request.headers['console-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function until(
  condition: () => Promise<boolean> | boolean,
  deliverers: NotificationDeliverer[],
  ms = 8_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await Promise.all(deliverers.map((deliverer) => deliverer.deliverOnce()));
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error('condition not met in time');
}

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`notification delivery on ${driver.title}`, () => {
    let location: DatabaseLocation;
    let db: ConsoleDb;
    const started: NotificationDeliverer[] = [];
    const closers: (() => Promise<void>)[] = [];
    const deliverer = (options: { settings?: NotificationSettings; db?: ConsoleDb } = {}) => {
      const made = startNotificationDeliverer({
        db: options.db ?? db,
        settings: options.settings ?? settings(),
        roleSettings: ROLE_SETTINGS,
        poll: false,
      });
      started.push(made);
      return made;
    };

    beforeAll(async () => {
      location = await driver.migratedLocation();
      db = await openConsoleDb(location.options);
    });
    afterEach(async () => {
      await Promise.all(started.splice(0).map((made) => made.stop()));
      await Promise.all(closers.splice(0).map((close) => close()));
      await db.query('DELETE FROM notification_channels');
      await db.query('DELETE FROM notification_events');
    });
    afterAll(async () => {
      await db?.close();
      await location?.remove();
    });

    it('sends each event to each channel once with two deliverers on one database', async () => {
      const receiver = await startWebhookReceiver();
      closers.push(receiver.close);
      const key = settings().secretsKey!;
      await createChannel(db, key, webhookChannel(receiver.url, 's3cret-a'), 'ops@example.test');
      await createChannel(db, key, webhookChannel(receiver.url, 's3cret-b'), 'ops@example.test');
      for (let n = 0; n < 5; n += 1) await recordNotificationEvent(db, incidentEvent(n), `test:${n}`);
      // On PostgreSQL the second deliverer has its own connections, as a second console would.
      const other = driver.title === 'PostgreSQL' ? await openConsoleDb(location.options) : db;
      if (other !== db) closers.push(() => other.close());
      const consoles = [deliverer(), deliverer({ db: other })];
      await until(() => receiver.requests.length >= 10, consoles);
      await Promise.all(consoles.map((made) => made.deliverOnce()));
      const keys = receiver.requests.map((request) => String(request.headers['idempotency-key']));
      expect(keys).toHaveLength(10);
      expect(new Set(keys).size).toBe(10);
      const { rows } = await listAttempts(db, { order: 'asc', limit: 100, offset: 0 });
      expect(rows).toHaveLength(10);
      expect(rows.every((row) => row.ok && row.attempt === 1 && row.outcome === 'HTTP 200')).toBe(true);
    });

    it('retries a failed attempt after the backoff, recording each attempt', async () => {
      const receiver = await startWebhookReceiver({ answer: (_request, index) => (index < 2 ? 500 : 204) });
      closers.push(receiver.close);
      const channelId = await createChannel(
        db,
        settings().secretsKey!,
        webhookChannel(receiver.url, 'retry-secret'),
        'ops@example.test',
      );
      await recordNotificationEvent(db, incidentEvent(1), 'test:retry');
      await until(() => receiver.requests.length >= 3, [deliverer()]);
      const [first, second, third] = receiver.requests.map((request) => request.at);
      expect(second! - first!).toBeGreaterThanOrEqual(300);
      expect(third! - second!).toBeGreaterThanOrEqual(600);
      expect(new Set(receiver.requests.map((request) => request.headers['idempotency-key'])).size).toBe(1);
      const { rows } = await listAttempts(db, { channelId, order: 'asc', limit: 10, offset: 0 });
      expect(rows.map((row) => [row.attempt, row.ok, row.outcome])).toEqual([
        [1, false, 'HTTP 500'],
        [2, false, 'HTTP 500'],
        [3, true, 'HTTP 204'],
      ]);
      expect(rows.at(-1)?.deliveryStatus).toBe('delivered');
    });

    it('gives up after the last backoff', async () => {
      const receiver = await startWebhookReceiver({ answer: () => 503 });
      closers.push(receiver.close);
      const channelId = await createChannel(
        db,
        settings().secretsKey!,
        webhookChannel(receiver.url, 'x'),
        'ops@example.test',
      );
      await recordNotificationEvent(db, incidentEvent(2), 'test:give-up');
      const made = deliverer();
      await until(
        async () =>
          (await listAttempts(db, { channelId, order: 'asc', limit: 10, offset: 0 })).rows.some(
            (row) => row.deliveryStatus === 'failed',
          ),
        [made],
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      await made.deliverOnce();
      expect(receiver.requests).toHaveLength(3);
    });

    it('times out an unanswered attempt and retries it', async () => {
      const receiver = await startWebhookReceiver({ answer: (_request, index) => (index === 0 ? 'hang' : 200) });
      closers.push(receiver.close);
      const channelId = await createChannel(
        db,
        settings().secretsKey!,
        webhookChannel(receiver.url, 'hang'),
        'ops@example.test',
      );
      await recordNotificationEvent(db, incidentEvent(3), 'test:hang');
      await until(
        () => receiver.requests.length >= 2,
        [deliverer({ settings: settings({ NOTIFICATION_TIMEOUT_SECONDS: '0.3' }) })],
      );
      const { rows } = await listAttempts(db, { channelId, order: 'asc', limit: 10, offset: 0 });
      expect(rows.map((row) => [row.attempt, row.ok, row.outcome])).toEqual([
        [1, false, 'timed out after 300 ms'],
        [2, true, 'HTTP 200'],
      ]);
      expect(rows[0]!.durationMs).toBeGreaterThanOrEqual(250);
    });

    it('signs the webhook body: the receiver verifies it and refuses a tampered body', async () => {
      const secret = 'whsec_test_only_7f3a';
      const receiver = await startWebhookReceiver({
        answer: (request) => (verifySignature(secret, request) ? 200 : 401),
      });
      closers.push(receiver.close);
      await createChannel(db, settings().secretsKey!, webhookChannel(receiver.url, secret), 'ops@example.test');
      await recordNotificationEvent(db, incidentEvent(4), 'test:hmac');
      await until(() => receiver.requests.length >= 1, [deliverer()]);
      const [request] = receiver.requests;
      expect(verifySignature(secret, request!)).toBe(true);
      expect(verifySignature(secret, { ...request!, body: request!.body.replace('Backlog', 'Backl0g') })).toBe(false);
      expect(verifySignature('another-secret', request!)).toBe(false);
      const body = JSON.parse(request!.body) as { url: string; title: string; idempotencyKey: string };
      expect(body.url).toBe('https://console.example.test/incidents/inc-4');
      expect(body.title).toBe('Incident opened: Backlog <4> & more');
      expect(request!.headers['idempotency-key']).toBe(body.idempotencyKey);
      const { rows } = await listAttempts(db, { order: 'asc', limit: 10, offset: 0 });
      expect(rows.map((row) => row.outcome)).toEqual(['HTTP 200']);
    });

    it('escapes untrusted text for Slack', async () => {
      const receiver = await startWebhookReceiver();
      closers.push(receiver.close);
      await createChannel(
        db,
        settings().secretsKey!,
        {
          name: 'Slack',
          kind: 'slack',
          events: ['incident.status'],
          enabled: true,
          email: null,
          secrets: { url: receiver.url },
        },
        'ops@example.test',
      );
      await recordNotificationEvent(
        db,
        { ...incidentEvent(5), title: '<!channel> <https://evil.test|click>' },
        'test:slack',
      );
      await until(() => receiver.requests.length >= 1, [deliverer()]);
      const body = JSON.parse(receiver.requests[0]!.body) as { text: string; blocks: unknown[] };
      expect(body.text).toContain('&lt;!channel&gt; &lt;https://evil.test|click&gt;');
      expect(body.text).not.toContain('<!channel>');
      expect(body.text).toContain('<https://console.example.test/incidents/inc-5|Open in the console>');
      expect(body.blocks.length).toBeGreaterThan(0);
    });

    it('e-mails over SMTP, sending an approval to the operators who can approve it', async () => {
      const smtp = await startSmtpReceiver({ password: 'smtp-pass-91c' });
      closers.push(smtp.close);
      for (const [id, email, role] of [
        ['a1', 'asker@example.test', 'ops'],
        ['a2', 'approver@example.test', 'ops'],
        ['a3', 'helper@example.test', 'support'],
      ] as const)
        await db.query(
          `INSERT INTO operators (account_id, email, name, role, role_origin) VALUES ($1, $2, $2, $3, 'console') ON CONFLICT (account_id) DO NOTHING`,
          [id, email, role],
        );
      await createChannel(
        db,
        settings().secretsKey!,
        {
          name: 'Mail',
          kind: 'email',
          events: ['approval.waiting', 'incident.status'],
          enabled: true,
          email: {
            host: smtp.host,
            port: smtp.port,
            security: 'none',
            user: 'console',
            from: 'console@example.test',
            to: ['oncall@example.test'],
          },
          secrets: { password: 'smtp-pass-91c' },
        },
        'ops@example.test',
      );
      await recordNotificationEvent(
        db,
        {
          kind: 'approval.waiting',
          approvalId: 'appr-1',
          summary: 'Merge user A into B',
          requestedBy: 'asker@example.test',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          path: '/approvals/appr-1',
        },
        'test:approval',
      );
      await recordNotificationEvent(db, incidentEvent(6), 'test:mail-incident');
      await until(() => smtp.messages.length >= 2, [deliverer()]);
      const approval = smtp.messages.find((message) => message.subject.includes('Approval waiting'));
      const incident = smtp.messages.find((message) => message.subject.includes('Incident opened'));
      expect(approval?.to).toEqual(['approver@example.test']);
      expect(approval?.user).toBe('console');
      expect(approval?.raw.replace(/=\r?\n/g, '')).toContain('https://console.example.test/approvals/appr-1');
      expect(incident?.to).toEqual(['oncall@example.test']);
      const { rows } = await listAttempts(db, { order: 'asc', limit: 10, offset: 0 });
      expect(rows.every((row) => row.ok && /^250\b/.test(row.outcome))).toBe(true);
    });

    it('keeps secrets out of the stored row, the log and the recorded outcomes', async () => {
      const url = `http://127.0.0.1:9/hook/URLSECRET-${randomBytes(6).toString('hex')}`;
      const signingSecret = `SIGNSECRET-${randomBytes(6).toString('hex')}`;
      const lines: string[] = [];
      const holder = globalThis as typeof globalThis & { [key: symbol]: unknown };
      const root = Symbol.for('voice-ops-console.logger');
      const previous = holder[root];
      holder[root] = createLogger({
        level: 'debug',
        format: 'json',
        stream: new Writable({
          write(chunk: Buffer, _encoding, callback) {
            lines.push(chunk.toString());
            callback();
          },
        }),
      });
      try {
        const channelId = await createChannel(
          db,
          settings().secretsKey!,
          webhookChannel(url, signingSecret),
          'ops@example.test',
        );
        const [row] = await db.query<{ text: string }>(
          'SELECT t::text AS text FROM notification_channels t WHERE id = $1',
          [channelId],
        );
        expect(row!.text).not.toContain('URLSECRET');
        expect(row!.text).not.toContain(signingSecret);
        await recordNotificationEvent(db, incidentEvent(7), 'test:secret');
        const made = deliverer({ settings: settings({ NOTIFICATION_RETRY_SECONDS: '0.1' }) });
        await until(
          async () => (await listAttempts(db, { channelId, order: 'asc', limit: 10, offset: 0 })).rows.length >= 2,
          [made],
        );
        const { rows } = await listAttempts(db, { channelId, order: 'asc', limit: 10, offset: 0 });
        expect(rows.every((attempt) => !attempt.ok)).toBe(true);
        const everything = JSON.stringify(rows) + lines.join('');
        expect(lines.length).toBeGreaterThan(0);
        expect(everything).not.toContain('URLSECRET');
        expect(everything).not.toContain(signingSecret);
      } finally {
        holder[root] = previous;
      }
    });
  });
}
