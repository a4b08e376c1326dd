/**
 * Notification channels in Chromium: ops makes a signed webhook channel and an SMTP channel
 * against receivers this spec starts (tests/support/receivers.ts), sends each a test message
 * (exactly one arrives at each), and the secrets never come back in the page or its RSC payload;
 * then ops@ requests an approval and the approvers' channels each receive exactly one message
 * naming it and linking to its page, the e-mail addressed to the other ops operator only.
 * Runs on a console of its own (approvals on, a quick deliverer) at E2E_NOTIFICATIONS_CONSOLE_URL.
 */
import { createHmac } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { screenshotBothThemes } from './a11y';
import { startConsole, type ExtraConsole } from './consoles';
import { E2E_EMULATOR_URL, E2E_NOTIFICATIONS_CONSOLE_URL } from './stack';
import { serviceToken, signIn } from './support';
import {
  startSmtpReceiver,
  startWebhookReceiver,
  type ReceivedRequest,
  type SmtpReceiver,
  type WebhookReceiver,
} from '../tests/support/receivers';

const SIGNING_SECRET = 'e2e-signing-secret-5d1c9a';
const SMTP_PASSWORD = 'e2e-smtp-password-77ab';

let notificationsConsole: ExtraConsole;
let webhook: WebhookReceiver;
let smtp: SmtpReceiver;
let ops: Page;
let lead: Page;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

function signatureValid(request: ReceivedRequest): boolean {
  const header = String(request.headers['console-signature'] ?? '');
  const t = /t=(\d+)/.exec(header)?.[1];
  const v1 = /v1=([0-9a-f]{64})/.exec(header)?.[1];
  return Boolean(t && v1) && createHmac('sha256', SIGNING_SECRET).update(`${t}.${request.body}`).digest('hex') === v1;
}

const bodies = () =>
  webhook.requests.map((request) => JSON.parse(request.body) as { kind: string; url: string; title: string });

async function operatorPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: notificationsConsole.url });
  const page = await context.newPage();
  await signIn(page, email, '/', notificationsConsole.url);
  return page;
}

/** The page's HTML and its RSC payload, as the signed-in operator's browser would get them. */
async function pageAndPayload(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const rsc = await (await page.request.get(path, { headers: { RSC: '1' } })).text();
  return `${html}\n${rsc}\n${await page.content()}`;
}

async function createChannel(page: Page, fill: (form: Locator) => Promise<void>): Promise<string> {
  await page.goto('/notification-channels/new');
  await fill(page.getByRole('form', { name: 'New channel' }));
  await page.getByRole('button', { name: 'Create channel' }).click();
  await expect(page).toHaveURL(/\/notification-channels\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function sendTest(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send a test message' }).click();
  await expect(page.getByTestId('test-outcome')).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  webhook = await startWebhookReceiver({ answer: (request) => (signatureValid(request) ? 200 : 401) });
  smtp = await startSmtpReceiver({ password: SMTP_PASSWORD });
  notificationsConsole = await startConsole({
    port: Number(new URL(E2E_NOTIFICATIONS_CONSOLE_URL).port),
    env: {
      CONSOLE_APPROVALS: 'on',
      NOTIFICATION_POLL_SECONDS: '0.2',
      NOTIFICATION_TIMEOUT_SECONDS: '3',
      NOTIFICATION_RETRY_SECONDS: '1,2',
    },
  });
  // lead@ signs in first: an operator the console knows is one it can e-mail an approval to.
  lead = await operatorPage(browser, 'lead@example.com');
  ops = await operatorPage(browser, 'ops@example.com');
});

test.afterAll(async () => {
  await ops?.context().close();
  await lead?.context().close();
  await notificationsConsole?.stop();
  await webhook?.close();
  await smtp?.close();
});

test('ops makes a signed webhook channel; a test message arrives once and the secrets never come back', async ({
  page: _unused,
}, testInfo) => {
  const hookUrl = `${webhook.url}?token=e2e-url-secret-31f`;
  const id = await createChannel(ops, async (form) => {
    await form.getByLabel('Name', { exact: true }).fill('Approvers hook');
    await form.getByLabel('Kind', { exact: true }).selectOption('webhook');
    await form.getByLabel(/^URL/).fill(hookUrl);
    await form.getByLabel(/^Signing secret/).fill(SIGNING_SECRET);
  });
  await expect(ops.getByLabel(/^URL/)).toHaveValue('');
  await expect(ops.getByText('URL (http:// or https://) (set; leave empty to keep it)')).toBeVisible();
  await sendTest(ops);
  expect(webhook.requests).toHaveLength(1);
  expect(signatureValid(webhook.requests[0]!)).toBe(true);
  expect(bodies()[0]).toMatchObject({
    kind: 'channel.test',
    url: `${notificationsConsole.url}/notification-channels/${id}`,
  });
  expect(webhook.requests[0]!.path).toBe('/hook?token=e2e-url-secret-31f');
  await expect(ops.getByTestId('deliveries-table').locator('tbody tr[data-result="ok"]')).toHaveCount(1);
  for (const path of [`/notification-channels/${id}`, '/notification-channels']) {
    const text = await pageAndPayload(ops, path);
    expect(text).not.toContain('e2e-url-secret-31f');
    expect(text).not.toContain(SIGNING_SECRET);
    expect(text).not.toContain(webhook.url);
  }
  await screenshotBothThemes(ops, testInfo, 'notification-channel-webhook', { fullPage: true });
  await ops.setViewportSize({ width: 1280, height: 800 });
  await ops.goto('/notification-channels');
  await screenshotBothThemes(ops, testInfo, 'notification-channels-1280', { width: 1280, height: 800 });
});

test('ops makes an SMTP channel; a test message arrives once and the password never comes back', async () => {
  const id = await createChannel(ops, async (form) => {
    await form.getByLabel('Name', { exact: true }).fill('Approvers mail');
    await form.getByLabel('Kind', { exact: true }).selectOption('email');
    await form.getByLabel('Host', { exact: true }).fill(smtp.host);
    await form.getByLabel('Port', { exact: true }).fill(String(smtp.port));
    await form.getByLabel('Connection security', { exact: true }).selectOption('none');
    await form.getByLabel(/^User/).fill('console');
    await form.getByLabel(/^Password/).fill(SMTP_PASSWORD);
    await form.getByLabel('From', { exact: true }).fill('console@example.com');
    await form.getByLabel(/^To/).fill('oncall@example.com');
  });
  await sendTest(ops);
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]).toMatchObject({ to: ['oncall@example.com'], user: 'console' });
  expect(smtp.messages[0]!.subject).toContain('Test message for channel');
  const text = await pageAndPayload(ops, `/notification-channels/${id}`);
  expect(text).not.toContain(SMTP_PASSWORD);
});

interface ServiceUser {
  id: string;
  email: string;
}

/** Two live people outside the demo accounts with messages (a merge the policy covers). */
async function mergePair(): Promise<[ServiceUser, ServiceUser]> {
  const headers = { authorization: `Bearer ${await serviceToken()}` };
  const filter = JSON.stringify({ account_type: 'human', merged_into: null, deleted_at: null });
  const response = await fetch(
    `${E2E_EMULATOR_URL}/admin/ra/users?${new URLSearchParams({ filter, range: '[40,79]' })}`,
    { headers },
  );
  const users = (await response.json()) as ServiceUser[];
  const found: ServiceUser[] = [];
  for (const user of users.filter((candidate) => !/^usr_0{16}000[1-5]$/.test(candidate.id))) {
    const messages = await fetch(
      `${E2E_EMULATOR_URL}/admin/ra/messages?${new URLSearchParams({ filter: JSON.stringify({ creator_guid: user.id }), range: '[0,0]' })}`,
      { headers },
    );
    if (Number(messages.headers.get('content-range')?.split('/').pop()) > 0) found.push(user);
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error('the seed has too few merge candidates');
}

test("an approval request reaches the approvers' channels once each, linking to its page", async () => {
  const [folded, kept] = await mergePair();
  await ops.goto(`/users/merge?source=${folded.id}&target=${kept.id}`);
  await ops.getByLabel(/to confirm/).fill(folded.email);
  await ops.getByLabel('Reason (incident or ticket reference)').fill('INC-38 duplicate account');
  await ops.getByRole('button', { name: 'Request approval' }).click();
  await expect(ops).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
  const approvalId = new URL(ops.url()).pathname.split('/').pop()!;
  const approvalUrl = `${notificationsConsole.url}/approvals/${approvalId}`;

  await expect
    .poll(() => bodies().filter((body) => body.kind === 'approval.waiting').length, { timeout: 20_000 })
    .toBe(1);
  await expect
    .poll(() => smtp.messages.filter((message) => message.subject.includes('Approval waiting')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  // A few more polls of the deliverer send nothing more.
  await ops.waitForTimeout(1_500);
  const hooks = bodies().filter((body) => body.kind === 'approval.waiting');
  expect(hooks).toHaveLength(1);
  expect(hooks[0]!.url).toBe(approvalUrl);
  expect(hooks[0]!.title).toMatch(/^Approval waiting: /);
  const mails = smtp.messages.filter((message) => message.subject.includes('Approval waiting'));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.to).toEqual(['lead@example.com']);
  expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain(approvalUrl);

  await lead.goto('/notification-channels');
  await expect(lead.getByTestId('deliveries-table').locator('tbody tr[data-result="ok"]')).toHaveCount(4);
});
