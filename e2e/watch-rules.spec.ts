/**
 * A watch rule end to end against the emulator, with its notifications: ops makes a webhook
 * channel and an SMTP channel for rule changes, against receivers this spec starts; a support
 * operator saves the stuck view of messages paused (for a minute) in one workspace and, from
 * /views, watches it: "above 5 for 1 minute", opening an incident. Six messages are paused at the
 * service, their last update moved back past the view's threshold (the emulator's stand-in for that
 * minute passing at the service), and the rule goes pending, then firing a minute later by the
 * console's own clock, with an incident opened and linked both ways and exactly one message at
 * each receiver naming the rule and linking to the view; they are set active again and the rule
 * resolves, noted on the incident, with one more message each; a silence made before the next
 * crossing keeps that firing from being notified.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_CONSOLE_URL, E2E_EMULATOR_URL } from './stack';
import { emulatorControl, serviceList, serviceRecordName, serviceToken, signIn } from './support';
import {
  startSmtpReceiver,
  startWebhookReceiver,
  type SmtpReceiver,
  type WebhookReceiver,
} from '../tests/support/receivers';

/** The rule's stuck threshold: a paused message counts a minute after its last update. */
const THRESHOLD_MINUTES = 1;
/** Names this attempt's view and rule apart from an earlier attempt's on the same console database (a retry). */
const RUN = Date.now().toString(36);
/** From the pause to pending: the next evaluations (every few seconds on the e2e consoles), with room for a loaded machine. */
const PENDING_MS = 30_000;
/** From pending to firing: the condition's minute above the line, by the console's clock, and the next evaluation. */
const FIRING_MS = 60_000 + 40_000;

/**
 * A workspace with twelve active messages to pause (six per crossing) and as few paused ones as
 * any; those are set active first, so that the rule's count starts at zero.
 */
async function workspaceToWatch(): Promise<{ workspace: string; first: string[]; second: string[] }> {
  const { rows } = await serviceList('messages', { range: [0, 999], filter: { status: ['active'] } });
  const byWorkspace = new Map<string, string[]>();
  for (const row of rows) {
    const workspace = row.workspace_guid;
    if (typeof workspace !== 'string') continue;
    byWorkspace.set(workspace, [...(byWorkspace.get(workspace) ?? []), row.id]);
  }
  let best: { workspace: string; ids: string[]; paused: string[] } | null = null;
  for (const [workspace, ids] of byWorkspace) {
    if (ids.length < 12) continue;
    const paused = await serviceList('messages', {
      range: [0, 99],
      filter: { status: ['paused'], workspace_guid: workspace },
    });
    if (!best || paused.total < best.paused.length) best = { workspace, ids, paused: paused.rows.map((row) => row.id) };
    if (paused.total === 0) break;
  }
  if (!best) throw new Error('no workspace with twelve active messages in the seed');
  await setStatus(best.paused, 'active');
  return { workspace: best.workspace, first: best.ids.slice(0, 6), second: best.ids.slice(6, 12) };
}

/**
 * Pauses the messages with their last update moved back past the view's threshold, as if they had
 * been paused that long ago: stuck at once, rather than a minute from now.
 */
async function pauseStuck(ids: string[]): Promise<void> {
  await setStatus(ids, 'paused');
  await emulatorControl('backdate-messages', { body: { ids, ms: 2 * THRESHOLD_MINUTES * 60_000 } });
}

async function setStatus(ids: string[], status: string): Promise<void> {
  const token = await serviceToken();
  for (const id of ids) {
    const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/message/${id}/status/${status}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, `setting ${id} ${status}`).toBe(200);
  }
}

/**
 * Reloads the rule's page until its state is `state`, more often than the e2e consoles evaluate
 * the rules: a resolved rule is `resolved` until the next evaluation only.
 */
async function expectState(page: Page, state: string, timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.getByTestId('rule-state').innerText()).trim();
      },
      { timeout, intervals: [2_000] },
    )
    .toBe(state);
}

/** A rule.state message as the webhook receiver got it. */
interface RuleMessage {
  kind: string;
  title: string;
  url: string;
  details: string[];
  event: { ruleName: string; to: string; viewPath: string | null };
}

/** The rule's messages at each receiver: the webhook's parsed bodies, the e-mails' raw text. */
function ruleMessages(webhook: WebhookReceiver, smtp: SmtpReceiver, ruleName: string) {
  const hooks = webhook.requests
    .map((request) => JSON.parse(request.body) as RuleMessage)
    .filter((body) => body.kind === 'rule.state' && body.event.ruleName === ruleName);
  const mails = smtp.messages.filter((mail) => mail.subject.includes(ruleName));
  return { hooks, mails };
}

/** Waits until each receiver holds `count` messages about the rule (the deliverer polls every few seconds). */
async function expectMessages(webhook: WebhookReceiver, smtp: SmtpReceiver, ruleName: string, count: number) {
  await expect
    .poll(
      () => {
        const { hooks, mails } = ruleMessages(webhook, smtp, ruleName);
        return [hooks.length, mails.length];
      },
      { timeout: 30_000 },
    )
    .toEqual([count, count]);
}

/** Ops makes a channel of `kind` that receives watch rule changes only. */
async function ruleChannel(
  browser: Browser,
  kind: 'webhook' | 'email',
  name: string,
  fill: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL: E2E_CONSOLE_URL });
  const ops = await context.newPage();
  await signIn(ops, 'ops@example.com', '/notification-channels/new');
  const form = ops.getByRole('form', { name: 'New channel' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Kind', { exact: true }).selectOption(kind);
  await form.getByLabel('Approvals waiting').uncheck();
  await form.getByLabel('Incident status changes').uncheck();
  await expect(form.getByLabel('Watch rule changes')).toBeChecked();
  await fill(ops);
  await ops.getByRole('button', { name: 'Create channel' }).click();
  await expect(ops).toHaveURL(/\/notification-channels\/[0-9a-f-]{36}$/);
  await context.close();
}

test('a rule on a saved stuck view goes pending, fires with an incident and one message per channel, resolves with one more, and a silence keeps the next firing quiet', async ({
  page,
  browser,
}) => {
  test.setTimeout(10 * 60_000);
  const webhook = await startWebhookReceiver();
  const smtp = await startSmtpReceiver();
  try {
    await ruleChannel(browser, 'webhook', `Rules hook ${RUN}`, async (ops) => {
      await ops.getByLabel(/^URL/).fill(webhook.url);
      await ops.getByLabel(/^Signing secret/).fill('e2e-rules-signing-secret');
    });
    await ruleChannel(browser, 'email', `Rules mail ${RUN}`, async (ops) => {
      await ops.getByLabel('Host', { exact: true }).fill(smtp.host);
      await ops.getByLabel('Port', { exact: true }).fill(String(smtp.port));
      await ops.getByLabel('Connection security', { exact: true }).selectOption('none');
      await ops.getByLabel('From', { exact: true }).fill('console@example.com');
      await ops.getByLabel(/^To/).fill('oncall@example.com');
    });

    const { workspace, first, second } = await workspaceToWatch();

    // The stuck view, saved by name, and watched from /views.
    const viewPath = `/stuck?threshold=${THRESHOLD_MINUTES}&status=paused&workspace=${workspace}`;
    await signIn(page, 'support@example.com', viewPath);
    const viewName = `Paused in ${workspace} ${RUN}`;
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByLabel('Name', { exact: true }).fill(viewName);
    await dialog.getByLabel('Name', { exact: true }).press('Enter');
    await expect(page.getByTestId('view-saved')).toContainText(viewName);
    await page.goto('/views');
    await page.getByRole('link', { name: `Watch this: ${viewName}`, exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/new\?/);
    await expect(page.getByRole('radio', { name: /saved view/i })).toBeChecked();
    await expect(page.getByLabel('Saved view', { exact: true }).locator('option:checked')).toContainText(viewName);
    const name = `Rule on ${viewName}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Above (messages)').fill('5');
    await page.getByLabel(/^For \(minutes/).fill('1');
    await page.getByRole('checkbox', { name: /Open an incident/ }).check();
    await page.getByLabel('Incident severity').selectOption('sev3');
    await page.getByRole('button', { name: 'Make the rule' }).click();
    await expect(page).toHaveURL(/\/rules\/[0-9a-f-]{36}$/);
    const rulePath = new URL(page.url()).pathname;
    await expect(page.getByTestId('rule-name')).toHaveText(name);
    await expect(page.getByTestId('rule-condition')).toContainText('above 5 for 1 minute');

    // Six messages paused past the threshold: pending, then firing a minute on.
    await pauseStuck(first);
    await expectState(page, 'pending', PENDING_MS);
    await expect(page.getByTestId('rule-last-count')).toHaveText('6');
    await expectState(page, 'firing', FIRING_MS);
    const firing = page.getByTestId('rule-transition').and(page.locator('[data-to="firing"]'));
    await expect(firing).toHaveCount(1);
    await expect(firing.getByRole('cell').nth(4)).toHaveText('yes');
    await expect(page.locator('#main-content .recharts-surface')).toBeVisible();

    // One message at each receiver, naming the rule and linking to the rule and to the view.
    await expectMessages(webhook, smtp, name, 1);
    const fired = ruleMessages(webhook, smtp, name);
    expect(fired.hooks[0]).toMatchObject({
      title: `Watch rule “${name}” is firing`,
      url: `${E2E_CONSOLE_URL}${rulePath}`,
    });
    expect(fired.hooks[0]!.event.viewPath).toBe(viewPath);
    expect(fired.hooks[0]!.details).toContain(`View: ${E2E_CONSOLE_URL}${viewPath}`);
    expect(fired.mails[0]!.to).toEqual(['oncall@example.com']);
    expect(fired.mails[0]!.subject).toBe(`Watch rule “${name}” is firing`);
    expect(fired.mails[0]!.text).toContain(`View: ${E2E_CONSOLE_URL}${viewPath}`);
    expect(fired.mails[0]!.text).toContain(`Open in the console: ${E2E_CONSOLE_URL}${rulePath}`);

    // The incident it opened, linked both ways.
    const incidentLink = page.getByTestId('rule-incident-link');
    await expect(incidentLink).toHaveCount(1);
    await expect(incidentLink).toContainText(name);
    await incidentLink.click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    const incidentPath = new URL(page.url()).pathname;
    await expect(page.getByTestId('incident-rule-link')).toHaveText(name);
    // The scope by the workspace's name, its id on hover.
    await expect(page.getByTestId('incident-scope')).toContainText(await serviceRecordName('workspaces', workspace));
    await expect(page.getByTestId('incident-scope')).toHaveAttribute('title', new RegExp(`workspaces ${workspace}\\b`));

    // Back below the line (past the margin of 0): resolved, with a note on the incident.
    await setStatus(first, 'active');
    await page.goto(rulePath);
    await expectState(page, 'resolved', 30_000);
    await page.goto(incidentPath);
    await expect(page.getByText(`The watch rule “${name}” resolved: the count is 0`)).toBeVisible();
    // One more message each: the resolution.
    await expectMessages(webhook, smtp, name, 2);
    expect(ruleMessages(webhook, smtp, name).hooks[1]).toMatchObject({ title: `Watch rule “${name}” is resolved` });

    // A silence before the next crossing: it still fires, but nothing is notified.
    await page.goto(rulePath);
    await page.getByLabel('Reason', { exact: true }).fill('planned maintenance of the paused queue');
    await page.getByRole('button', { name: 'Silence' }).click();
    await expect(page.getByTestId('rule-silenced')).toBeVisible();
    await expect(page.getByTestId('rule-silence')).toContainText('support@example.com');
    await pauseStuck(second);
    await expectState(page, 'firing', PENDING_MS + FIRING_MS);
    const firings = page.getByTestId('rule-transition').and(page.locator('[data-to="firing"]'));
    await expect(firings).toHaveCount(2);
    // Newest first: the silenced one, then the first one notified.
    await expect(firings.nth(0).getByRole('cell').nth(4)).toHaveText('no: silenced');
    await expect(firings.nth(1).getByRole('cell').nth(4)).toHaveText('yes');
    await expect(page.getByTestId('rule-suppressed')).toContainText('A silence kept 1 change');
    // Still one incident for the first episode, and one for this one (the rule opens one per firing).
    await expect(page.getByTestId('rule-incident-link')).toHaveCount(2);
    // Nothing reached the receivers for the silenced firing, two of the deliverer's polls later.
    await page.waitForTimeout(12_000);
    expect(Object.values(ruleMessages(webhook, smtp, name)).map((messages) => messages.length)).toEqual([2, 2]);

    // The rule leads the dashboard while it fires, and the sidebar counts it.
    await page.goto('/?refresh=0');
    await expect(page.getByTestId('dashboard-rule').filter({ hasText: name })).toContainText('firing');
    await expect(page.getByRole('link', { name: /^Rules \(\d+ firing\)/ })).toBeVisible();
    await setStatus(second, 'active');
  } finally {
    await webhook.close();
    await smtp.close();
  }
});
