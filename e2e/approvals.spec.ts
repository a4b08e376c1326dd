/**
 * Four-eyes approvals in Chromium with two operators in two browser contexts: ops@ requests,
 * lead@ approves or rejects; the result is read back from the emulator and its request log.
 * The shared e2e console runs with approvals off (other specs run covered actions directly), so
 * this spec starts a console of its own from the same build with them on and a short expiry, on
 * E2E_APPROVALS_CONSOLE_PORT (a redirect URI of the e2e emulator) with a PGlite database of its own.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { startConsole, type ExtraConsole } from './consoles';
import { E2E_APPROVAL_TTL_MINUTES, E2E_APPROVALS_CONSOLE_PORT, E2E_EMULATOR_URL } from './stack';
import { emulatorControl, emulatorRequests, serviceToken, signIn } from './support';

interface ServiceUser {
  id: string;
  email: string;
  merged_into: string | null;
}
interface ServiceMessage {
  id: string;
  status: string;
  workspace_guid: string | null;
}

async function service<T>(path: string, init: { method?: string } = {}): Promise<{ data: T; total: number }> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBeLessThan(300);
  return { data: (await response.json()) as T, total: Number(response.headers.get('content-range')?.split('/').pop()) };
}
const list = <T>(entity: string, filter: Record<string, unknown>, range: [number, number] = [0, 0]) =>
  service<T[]>(
    `/admin/ra/${entity}?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) })}`,
  );
const count = async (entity: string, filter: Record<string, unknown>) => (await list(entity, filter)).total;
const readUser = async (id: string) => (await service<ServiceUser>(`/admin/ra/users/${id}`)).data;

const DEMO_IDS = /^usr_0{16}000[1-5]$/;
const used = new Set<string>();

/** Two live people outside the demo accounts with messages, not used by an earlier test. */
async function mergePair(): Promise<[ServiceUser, ServiceUser]> {
  const { data } = await list<ServiceUser>(
    'users',
    { account_type: 'human', merged_into: null, deleted_at: null },
    [0, 79],
  );
  const found: ServiceUser[] = [];
  for (const user of data.filter((candidate) => !DEMO_IDS.test(candidate.id) && !used.has(candidate.id))) {
    if ((await count('messages', { creator_guid: user.id })) > 0) found.push(user);
    if (found.length === 2) {
      found.forEach((chosen) => used.add(chosen.id));
      return [found[0]!, found[1]!];
    }
  }
  throw new Error('the seed has too few merge candidates');
}

/** An operator's own browser context on the approvals console (relative paths go there). */
async function operatorPage(browser: Browser, consoleUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: consoleUrl });
  const page = await context.newPage();
  await signIn(page, email, '/', consoleUrl);
  return page;
}

/** As the requester: the merge page, the confirmation typed, "Request approval" with a reason; returns the request's id. */
async function requestMerge(page: Page, folded: ServiceUser, kept: ServiceUser, reason: string): Promise<string> {
  await page.goto(`/users/merge?source=${folded.id}&target=${kept.id}`);
  await expect(page.getByRole('button', { name: 'Merge accounts' })).toHaveCount(0);
  const request = page.getByRole('button', { name: 'Request approval' });
  await page.getByLabel(/to confirm/).fill(folded.email);
  await page.getByLabel('Reason (incident or ticket reference)').fill(reason);
  await request.click();
  await expect(page).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

let approvalsConsole: ExtraConsole | undefined;
let ops: Page;
let lead: Page;

/**
 * The request the last test finds expired: made before the other tests, so that their time counts
 * toward its expiry, and open in a tab of lead@'s of its own since then, its button enabled.
 */
interface LeftWaiting {
  page: Page;
  /** When the request has expired at the latest (its expiry is set when the server stores it). */
  expiredBy: number;
}
let leftWaiting: LeftWaiting;

async function requestLeftWaiting(): Promise<LeftWaiting> {
  const [folded, kept] = await mergePair();
  const id = await requestMerge(ops, folded, kept, 'TICKET-103 left waiting');
  const expiredBy = Date.now() + E2E_APPROVAL_TTL_MINUTES * 60_000;
  const page = await lead.context().newPage();
  await page.goto(`/approvals/${id}`);
  await expect(page.getByRole('button', { name: 'Approve and merge accounts' })).toBeEnabled();
  return { page, expiredBy };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  approvalsConsole = await startConsole({
    port: E2E_APPROVALS_CONSOLE_PORT,
    env: { CONSOLE_APPROVALS: 'on', APPROVAL_TTL_MINUTES: String(E2E_APPROVAL_TTL_MINUTES) },
  });
  await emulatorControl('reset', { method: 'POST' });
  ops = await operatorPage(browser, approvalsConsole.url, 'ops@example.com');
  lead = await operatorPage(browser, approvalsConsole.url, 'lead@example.com');
  leftWaiting = await requestLeftWaiting();
});
test.afterAll(async () => {
  await ops?.context().close();
  await lead?.context().close();
  await approvalsConsole?.stop();
});

test('a merge requested by ops@ runs when lead@ approves it, and is read back; the requester cannot approve it', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const [folded, kept] = await mergePair();
  const messages = await count('messages', { creator_guid: folded.id });
  await emulatorControl('requests', { method: 'DELETE' });
  const id = await requestMerge(ops, folded, kept, 'TICKET-101 duplicate account');

  // The requester sees it pending, and cannot approve their own request.
  await expect(ops.getByText('pending', { exact: true })).toBeVisible();
  await expect(ops.getByRole('button', { name: 'Approve and merge accounts' })).toBeDisabled();
  await expect(ops.getByTestId('decision-panel')).toContainText('You made this request');
  expect((await emulatorRequests()).filter((entry) => entry.path === '/admin/users/merge')).toHaveLength(0);

  // The approver: the sidebar counts it, the list shows it, the page shows the preview then and now.
  await lead.goto('/approvals?status=pending');
  await expect(lead.getByRole('link', { name: /Approvals \(\d+ waiting\)/ })).toBeVisible();
  await lead.locator(`[data-request-id="${id}"]`).getByRole('link').click();
  await expect(lead).toHaveURL(new RegExp(`/approvals/${id}$`));
  await expect(lead.getByTestId('preview-comparison')).toContainText("Folded account's messages");
  await expect(lead.getByTestId('preview-comparison').locator('[data-changed="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(lead);
  await screenshotBothThemes(lead, testInfo, 'approval-request', { fullPage: true });
  await lead.getByLabel('Comment').fill('checked with the customer');
  await lead.getByRole('button', { name: 'Approve and merge accounts' }).click();
  await expect(lead.getByTestId('execution-result')).toBeVisible();
  await lead.getByTestId('execution-result').getByRole('link', { name: 'See the result' }).click();
  await expect(lead).toHaveURL(new RegExp(`/users/${kept.id}\\?merged=${folded.id}$`));
  await expect(lead.getByTestId('merge-result')).toBeVisible();

  // Read back from the service: merged once, by the approver's session.
  expect((await readUser(folded.id)).merged_into).toBe(kept.id);
  expect(await count('messages', { creator_guid: kept.id })).toBeGreaterThanOrEqual(messages);
  expect((await emulatorRequests()).filter((entry) => entry.path === '/admin/users/merge')).toHaveLength(1);

  await ops.goto(`/approvals/${id}`);
  await expect(ops.getByTestId('approval-facts')).toContainText('lead@example.com');
  await expect(ops.getByText('executed', { exact: true })).toBeVisible();
  await expect(ops.getByTestId('approval-result-link')).toBeVisible();
  await ops.goto('/approvals');
  await expectNoSeriousA11yViolations(ops);
  await screenshotBothThemes(ops, testInfo, 'approvals-list', { fullPage: true });
});

test('a rejected merge makes no call to the service', async () => {
  const [folded, kept] = await mergePair();
  await emulatorControl('requests', { method: 'DELETE' });
  const id = await requestMerge(ops, folded, kept, 'TICKET-102 maybe a duplicate');
  await lead.goto(`/approvals/${id}`);
  await lead.getByLabel('Comment').fill('not the same person');
  await lead.getByRole('button', { name: 'Reject' }).click();
  await expect(lead.getByText('rejected', { exact: true })).toBeVisible();
  await expect(lead.getByTestId('approval-facts')).toContainText('not the same person');
  expect((await emulatorRequests()).filter((entry) => entry.path === '/admin/users/merge')).toHaveLength(0);
  expect((await readUser(folded.id)).merged_into).toBeNull();
});

test('a bulk set-status request whose selection changed shows the difference before approval', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const stuck = (
    await list<ServiceMessage>(
      'messages',
      { status: ['processing', 'initializing', 'inprogress'], updated_before: Date.now() - 15 * 60_000 },
      [0, 499],
    )
  ).data;
  const byWorkspace = new Map<string, ServiceMessage[]>();
  for (const message of stuck)
    if (message.workspace_guid)
      byWorkspace.set(message.workspace_guid, [...(byWorkspace.get(message.workspace_guid) ?? []), message]);
  const [workspace, members] = [...byWorkspace]
    .filter(([, messages]) => messages.length >= 2)
    .sort((a, b) => b[1].length - a[1].length)[0]!;

  await ops.goto(`/stuck?workspace=${workspace}`);
  await ops.getByRole('button', { name: `Remediate all ${members.length} matching` }).click();
  await ops.getByLabel('Action').selectOption('message.set_status');
  await ops.getByLabel('New status').selectOption('paused');
  await ops.getByRole('button', { name: 'Dry run' }).click();
  await expect(ops.getByTestId('dry-run-count')).toHaveText(String(members.length));
  await expect(ops.getByRole('button', { name: /^Start job/ })).toHaveCount(0);
  await ops.getByLabel(`Type ${members.length} to confirm`).fill(String(members.length));
  await ops.getByLabel('Reason (incident or ticket reference)').fill('INC-7 stuck in processing');
  await ops.getByRole('button', { name: 'Request approval' }).click();
  await expect(ops).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
  const id = new URL(ops.url()).pathname.split('/').pop()!;

  // Meanwhile one of the messages leaves the selection (it finished processing).
  await service(`/admin/ra/message/${members[0]!.id}/status/active`, { method: 'PUT' });

  await lead.goto(`/approvals/${id}`);
  await expect(lead.getByTestId('preview-changed')).toBeVisible();
  const changed = lead.getByTestId('preview-comparison').locator('[data-changed="true"]');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('Messages matching the selection');
  await expect(changed).toContainText(String(members.length));
  await expect(changed).toContainText(String(members.length - 1));
  await expectNoSeriousA11yViolations(lead);
  await screenshotBothThemes(lead, testInfo, 'approval-bulk-changed', { fullPage: true });

  // Approved, the job starts and the request links to it.
  await emulatorControl('requests', { method: 'DELETE' });
  await lead.getByRole('button', { name: 'Approve and start bulk job' }).click();
  await expect(lead.getByTestId('execution-result')).toBeVisible();
  await lead.getByTestId('execution-result').getByRole('link', { name: 'See the result' }).click();
  await expect(lead).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(lead.getByTestId('job-status')).toHaveText(/queued|running|completed/);

  // Read back from the service: the messages still in the selection are paused, each by one call.
  await expect(lead.getByTestId('job-status')).toHaveText('completed', { timeout: 60_000 });
  const calls = (await emulatorRequests()).filter(
    (entry) => entry.method === 'PUT' && /\/status\/paused$/.test(entry.path),
  );
  for (const member of members.slice(1)) {
    expect((await service<ServiceMessage>(`/admin/ra/messages/${member.id}`)).data.status).toBe('paused');
    expect(calls.filter((entry) => entry.path.includes(`/${member.id}/`))).toHaveLength(1);
  }
});

test('break-glass runs at once, is marked, and waits for another operator to review it', async ({}, testInfo) => {
  const [folded, kept] = await mergePair();
  await ops.goto(`/users/merge?source=${folded.id}&target=${kept.id}`);
  await ops.getByLabel(/to confirm/).fill(folded.email);
  await ops.getByRole('button', { name: 'Break glass…' }).click();
  await ops.getByLabel(/Why this cannot wait/).fill('INC-9 customer locked out during outage');
  await ops.getByRole('button', { name: 'Run now (break-glass)' }).click();
  await expect(ops).toHaveURL(new RegExp(`/users/${kept.id}\\?merged=${folded.id}$`));
  expect((await readUser(folded.id)).merged_into).toBe(kept.id);

  await lead.goto('/approvals?status=break_glass');
  const row = lead.getByTestId('approvals-table').locator('tbody tr').first();
  await expect(row).toContainText('break-glass');
  await expect(row).toContainText('awaiting review');
  await expect(row).toContainText('INC-9 customer locked out during outage');
  await expectNoSeriousA11yViolations(lead);
  await row.getByRole('link').click();
  await lead.getByLabel('Comment').fill('reviewed: outage INC-9');
  await lead.getByRole('button', { name: 'Mark break-glass run reviewed' }).click();
  await expect(lead.getByTestId('approval-facts')).toContainText('lead@example.com');
  await expect(lead.getByText('awaiting review')).toHaveCount(0);
  await screenshotBothThemes(lead, testInfo, 'approval-break-glass', { fullPage: true });
});

// Last, so that the other tests ran while the request made before them waited out its expiry.
test('an expired request cannot be approved', async () => {
  test.setTimeout(60_000 + E2E_APPROVAL_TTL_MINUTES * 60_000);
  const { page } = leftWaiting;
  await page.waitForTimeout(Math.max(0, leftWaiting.expiredBy + 1_000 - Date.now()));
  // The page opened before the expiry still offers the button: the server refuses it.
  await emulatorControl('requests', { method: 'DELETE' });
  await page.getByRole('button', { name: 'Approve and merge accounts' }).click();
  await expect(page.getByTestId('decision-panel')).toContainText('expired');
  await page.reload();
  await expect(page.getByText('expired', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve and merge accounts' })).toBeDisabled();
  expect((await emulatorRequests()).filter((entry) => entry.path === '/admin/users/merge')).toHaveLength(0);
});
