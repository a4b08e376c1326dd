/**
 * The dashboard leads with what needs a person now: unresolved incidents, most severe first, and the
 * approvals waiting for the signed-in operator; an approval names what it changes in words and
 * counts what it can. Runs on a console of its own with approvals on (as e2e/approvals.spec.ts
 * does, on the same port: the two specs never run at once, workers being 1).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { startConsole, type ExtraConsole } from './consoles';
import { E2E_APPROVALS_CONSOLE_PORT, E2E_EMULATOR_URL } from './stack';
import { emulatorControl, emulatorRequests, serviceToken, signIn } from './support';

/** Screenshots (SCREENSHOTS=1) of the whole page at the narrower width the issue was tried at. */
const AT_1280 = { fullPage: true, width: 1280, height: 800 };

let approvalsConsole: ExtraConsole | undefined;
let ops: Page;
let lead: Page;

async function operatorPage(browser: Browser, consoleUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: consoleUrl });
  const page = await context.newPage();
  await signIn(page, email, '/', consoleUrl);
  return page;
}

async function serviceTotal(entity: string): Promise<number> {
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/${entity}?range=${encodeURIComponent('[0,0]')}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBe(200);
  return Number(response.headers.get('content-range')?.split('/').pop());
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  approvalsConsole = await startConsole({ port: E2E_APPROVALS_CONSOLE_PORT, env: { CONSOLE_APPROVALS: 'on' } });
  ops = await operatorPage(browser, approvalsConsole.url, 'ops@example.com');
  lead = await operatorPage(browser, approvalsConsole.url, 'lead@example.com');
});
test.afterAll(async () => {
  await ops?.context().close();
  await lead?.context().close();
  await approvalsConsole?.stop();
  // The repair approved here changed the emulator's channels: the specs after this one find the seed.
  await emulatorControl('reset', { method: 'POST' });
});

async function openIncident(page: Page, title: string, severity: string): Promise<string> {
  await page.goto('/incidents/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Severity').selectOption(severity);
  await page.getByRole('button', { name: 'Open incident' }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('the dashboard leads with open incidents, most severe first, and the approvals waiting for you', async ({}, testInfo) => {
  test.setTimeout(150_000);
  // The major one opened first: newest first would put the minor one on top.
  const major = await openIncident(ops, 'Checkout voice notes stuck', 'sev2');
  const minor = await openIncident(ops, 'Slow statistics page', 'sev3');

  await ops.goto('/channels/repair');
  await ops.getByLabel('Reason (incident or ticket reference)').fill('INC-12 gaps in channel numbers');
  await ops.getByRole('button', { name: 'Request approval' }).click();
  await expect(ops).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
  const request = new URL(ops.url()).pathname.split('/').pop()!;

  await lead.goto('/?refresh=0');
  const incidents = lead.getByTestId('dashboard-incidents').getByTestId('dashboard-incident');
  await expect(incidents).toHaveCount(2);
  await expect(incidents.nth(0)).toContainText('SEV2');
  await expect(incidents.nth(0).getByRole('link', { name: 'Checkout voice notes stuck' })).toHaveAttribute(
    'href',
    `/incidents/${major}`,
  );
  await expect(incidents.nth(1)).toContainText('SEV3');
  await expect(incidents.nth(1).getByRole('link')).toHaveAttribute('href', `/incidents/${minor}`);
  const waiting = lead.getByTestId('dashboard-approvals').getByTestId('dashboard-approval');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('asked by ops@example.com');
  // The leads are the first thing under the heading.
  const leadsTop = (await lead.getByTestId('dashboard-leads').boundingBox())!.y;
  const stuckTop = (await lead.getByRole('heading', { name: /Stuck messages/ }).boundingBox())!.y;
  expect(leadsTop).toBeLessThan(stuckTop);
  await expectNoSeriousA11yViolations(lead);
  await screenshotBothThemes(lead, testInfo, 'dashboard-leads', AT_1280);

  // The requester's own request does not wait for them.
  await ops.goto('/?refresh=0');
  await expect(ops.getByTestId('dashboard-approvals')).toContainText('No approval waits for you.');

  // The approval counts what the repair checks, read from the service, and says what it cannot count.
  const channels = await serviceTotal('channels');
  await waiting.getByRole('link').click();
  await expect(lead).toHaveURL(new RegExp(`/approvals/${request}$`));
  const comparison = lead.getByTestId('preview-comparison');
  await expect(comparison).toContainText('Channels the repair checks');
  await expect(comparison).toContainText(channels.toLocaleString('en-US'));
  await expect(comparison).toContainText('the service has no dry run');
  await screenshotBothThemes(lead, testInfo, 'approval-repair', AT_1280);

  // Approved, it runs once; its result reads in words in the audit log.
  await emulatorControl('requests', { method: 'DELETE' });
  await lead.getByRole('button', { name: 'Approve and repair sequence numbers' }).click();
  await expect(lead.getByTestId('execution-result')).toBeVisible();
  expect(
    (await emulatorRequests()).filter((entry) => entry.path === '/admin/repairChannelSequenceNumbers'),
  ).toHaveLength(1);
  await lead.goto('/audit?action=channel.repair_sequence_numbers&outcome=ok');
  const summary = lead.getByTestId('audit-summary').first();
  await expect(summary).toHaveText(/^Checked [\d,]+ channels, repaired [\d,]+, renumbered [\d,]+ messages/);
  await expect(summary).not.toContainText('{');
});
