/**
 * The notification channel actions through the guard on PGlite: only ops saves a channel; the
 * audit log records the save (and a refused one) without any secret; without
 * NOTIFICATION_SECRETS_KEY saving is refused with what to set; a link-local URL is refused.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeAction, type ActionEnvironment } from '@/lib/actions/guard/execute';
import { saveChannelAction } from '@/lib/actions/notifications';
import { approvalSettings } from '@/lib/approvals/policy';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import { getChannel } from '@/lib/notifications/channels';
import { UpstreamClient } from '@/lib/upstream/client';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from '../db/drivers';

const ROLES = parseRoleMapping('ops@example.test=ops,support@example.test=support');
const NO_SERVICE = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 'unused', log: () => undefined });
const URL_SECRET = 'https://hooks.example.test/services/T000/B000/URLSECRET-a1b2c3';
const SIGNING_SECRET = 'SIGNSECRET-d4e5f6';

const session = (email: string): SessionToken => ({
  sub: `acc_${email}`,
  email,
  scopes: ['admin'],
  accessToken: 'token',
  signedInAt: Date.now(),
});

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ops room',
  kind: 'webhook',
  events: ['approval.waiting', 'incident.status'],
  enabled: true,
  urlSecret: URL_SECRET,
  signingSecret: SIGNING_SECRET,
  ...overrides,
});

describe('notification channel actions on PGlite', () => {
  let database: TestDatabase;
  const environment = (email: string): ActionEnvironment => ({
    session: session(email),
    roles: ROLES,
    db: database.db,
    approvals: approvalSettings({}),
    upstreamFor: () => NO_SERVICE,
  });
  const auditText = async () =>
    (await database.db.query<{ text: string }>('SELECT string_agg(a::text, chr(10)) AS text FROM audit_log a'))[0]
      ?.text ?? '';

  beforeAll(async () => {
    database = await openTestDatabase(pgliteTestDriver);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('lets ops save a channel, audited without its secrets, and refuses support', async () => {
    vi.stubEnv('NOTIFICATION_SECRETS_KEY', randomBytes(32).toString('hex'));
    const refused = await executeAction(saveChannelAction, input(), environment('support@example.test'));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    const saved = await executeAction(saveChannelAction, input(), environment('ops@example.test'));
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const channel = await getChannel(database.db, saved.data.channelId);
    expect(channel).toMatchObject({
      name: 'Ops room',
      kind: 'webhook',
      secretsSet: { url: true, signingSecret: true },
    });
    expect(JSON.stringify(channel)).not.toContain('URLSECRET');
    const audit = await auditText();
    expect(audit).toContain('notification_channel.save');
    expect(audit).not.toContain('URLSECRET');
    expect(audit).not.toContain(SIGNING_SECRET);
  });

  it('refuses a link-local URL as invalid, and the refusal keeps no secret', async () => {
    vi.stubEnv('NOTIFICATION_SECRETS_KEY', randomBytes(32).toString('hex'));
    const result = await executeAction(
      saveChannelAction,
      input({ urlSecret: 'http://169.254.169.254/latest/meta-data/URLSECRET-x' }),
      environment('ops@example.test'),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(JSON.stringify(result)).not.toContain('URLSECRET');
    expect(await auditText()).not.toContain('URLSECRET-x');
  });

  it('says what to set when NOTIFICATION_SECRETS_KEY is unset', async () => {
    vi.stubEnv('NOTIFICATION_SECRETS_KEY', '');
    const result = await executeAction(saveChannelAction, input(), environment('ops@example.test'));
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected' } });
    if (!result.ok) expect(result.error.message).toContain('set NOTIFICATION_SECRETS_KEY');
  });
});
