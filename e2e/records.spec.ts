/**
 * What a record tells an operator: what bulk jobs did to it beside single actions (its history and
 * the audit log filtered by it), why a message is stuck and how many others are stuck alike, a
 * channel's exposure asked before it widens and set back after, and the stuck list within the
 * first screen. Changes are read back from the emulator's records and request log.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, emulatorRequests, operatorRequests, serviceToken, signIn } from './support';

/** Screenshots (SCREENSHOTS=1) of the whole page at the narrower width the issue was tried at. */
const AT_1280 = { fullPage: true, width: 1280, height: 800 };

interface ServiceMessage {
  id: string;
  status: string;
  workspace_guid: string | null;
  channel_guids?: string[];
  last_updated_at?: number;
}

async function service<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await serviceToken()}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}
const list = <T>(entity: string, filter: Record<string, unknown>, range: [number, number]) =>
  service<T[]>(
    `/admin/ra/${entity}?${new URLSearchParams({
      filter: JSON.stringify(filter),
      range: JSON.stringify(range),
      sort: JSON.stringify(['last_updated_at', 'ASC']),
    })}`,
  );

const STUCK_FOR_MS = 15 * 60_000;

/** Stuck messages of a status grouped by workspace and first channel, as the stuck queue filters them. */
async function stuckGroups(status: string): Promise<ServiceMessage[][]> {
  const stuck = await list<ServiceMessage>('messages', { status, updated_before: Date.now() - STUCK_FOR_MS }, [0, 499]);
  const groups = new Map<string, ServiceMessage[]>();
  for (const message of stuck) {
    const channel = message.channel_guids?.[0];
    if (!message.workspace_guid || !channel) continue;
    const key = `${message.workspace_guid}/${channel}`;
    groups.set(key, [...(groups.get(key) ?? []), message]);
  }
  return [...groups.values()];
}

// A bulk job runs and is read back: more than the default minute on a shared machine.
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

test("a message's history shows the bulk job that changed it, and /audit?target= finds it", async ({
  page,
}, testInfo) => {
  const poison = new Set(((await emulatorControl('poison-messages')) as { id: string }[]).map((entry) => entry.id));
  const group = (await stuckGroups('initializing')).find(
    (messages) => messages.length === 1 && !poison.has(messages[0]!.id),
  );
  expect(group, 'a workspace and channel with one message stuck in initializing').toBeDefined();
  const [message] = group!;
  const channel = message!.channel_guids![0]!;

  await page.goto(`/stuck?workspace=${message!.workspace_guid}&channel=${channel}&status=initializing&refresh=0`);
  await page.getByRole('button', { name: 'Remediate all 1 matching' }).click();
  await page.getByLabel('Action').selectOption('message.set_status');
  await page.getByLabel('New status').selectOption('processing');
  await page.getByRole('button', { name: 'Dry run' }).click();
  await page.getByLabel('Type 1 to confirm').fill('1');
  await emulatorControl('requests', { method: 'DELETE' });
  await page.getByRole('button', { name: /^Start job for 1 message/ }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const jobId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('job-status')).toHaveText('completed', { timeout: 60_000 });

  // Read back from the service: the message moved, by one call whose request id the history shows.
  expect((await service<ServiceMessage>(`/admin/ra/messages/${message!.id}`)).status).toBe('processing');
  const sent = (await emulatorRequests()).filter(
    (entry) => entry.method === 'PUT' && entry.path === `/admin/ra/message/${message!.id}/status/processing`,
  );
  expect(sent).toHaveLength(1);

  await page.goto(`/messages/${message!.id}`);
  const history = page.getByTestId('audit-panel');
  // This job's item (a console database kept from an earlier run may hold older ones).
  const ofThisJob = (scope: Locator) =>
    scope.getByTestId('audit-entry').filter({ has: page.getByRole('link', { name: `job ${jobId.slice(0, 8)}` }) });
  const entry = ofThisJob(history);
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('audit-action')).toHaveText('message.set_status');
  await expect(entry.getByTestId('audit-job')).toHaveText(`item of job ${jobId.slice(0, 8)}`);
  await expect(entry.getByTestId('audit-change')).toHaveText('initializing → processing');
  await expect(entry.getByTestId('audit-outcome')).toHaveText('ok');
  await expect(entry).toContainText('ops@example.com');
  await expect(entry).toContainText(sent[0]!.requestId);
  await expect(history).not.toContainText('No operator action');
  await screenshotBothThemes(page, testInfo, 'message-history', AT_1280);
  await entry.getByRole('link', { name: `job ${jobId.slice(0, 8)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));

  await page.goto(`/audit?target=${message!.id}`);
  await expect(page.getByTestId('audit-total')).toHaveText(/^\d+ entr(y|ies)$/);
  const listed = ofThisJob(page.getByTestId('audit-entries'));
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId('audit-change')).toHaveText('initializing → processing');
  await expect(listed.getByTestId('audit-job')).toContainText(jobId.slice(0, 8));
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'audit-target-job-item', AT_1280);
});

test('a stuck message says for how long, what it lacks and what each fix does, and how many alike', async ({
  page,
}, testInfo) => {
  const group = (await stuckGroups('processing')).sort((a, b) => b.length - a.length)[0]!;
  expect(group.length, 'a workspace and channel with several messages stuck in processing').toBeGreaterThan(1);
  const message = group[0]!;
  await page.goto(`/messages/${message.id}`);
  const diagnosis = page.getByTestId('stuck-diagnosis');
  await expect(diagnosis.getByRole('heading', { name: 'Why this message is stuck' })).toBeVisible();
  await expect(diagnosis.getByTestId('stuck-time-in-status')).toContainText(
    /^In processing for at least (\d+ d \d+ h|\d+ h \d+ min|\d+ min) \(last update \d{4}-\d\d-\d\d \d\d:\d\d/,
  );
  const missing = page.getByTestId('message-missing');
  const fixes = diagnosis.getByTestId('stuck-missing-fixes').getByRole('listitem');
  await expect(fixes).toHaveCount(await missing.count());
  if ((await missing.count()) > 0) await expect(fixes.first()).toContainText(/Reprocess|Create MP3|Recreate waveform/);

  // The count is the service's own for the same workspace, channel and status, less this message.
  const alike = diagnosis.getByTestId('stuck-alike');
  await expect(alike).toContainText(
    new RegExp(`^${group.length - 1} other messages? of this workspace and channel (is|are) stuck in processing`),
  );
  const link = alike.getByRole('link');
  const href = new URL((await link.getAttribute('href'))!, 'http://console');
  expect(href.pathname).toBe('/stuck');
  expect(href.searchParams.get('workspace')).toBe(message.workspace_guid);
  expect(href.searchParams.get('channel')).toBe(message.channel_guids![0]);
  expect(href.searchParams.getAll('status')).toEqual(['processing']);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'message-stuck-diagnosis', AT_1280);
  await link.click();
  await expect(page.locator(`[data-testid="stuck-row"][data-message-id="${message.id}"]`)).toHaveCount(1);
});

async function privateChannel(): Promise<string> {
  const [channel] = await service<{ id: string }[]>(
    `/admin/ra/channels?${new URLSearchParams({ filter: JSON.stringify({ type: 'namedConversation' }), range: '[1,1]' })}`,
  );
  await service(`/admin/ra/channels/${channel!.id}`, { method: 'PUT', body: { visibility: 'private' } });
  return channel!.id;
}

test('widening a channel to public asks first, names the change, and offers a set-back', async ({ page }, testInfo) => {
  const channelId = await privateChannel();
  await page.goto(`/channels/${channelId}`);
  const form = page.getByTestId('visibility-form');
  await expect(form.getByTestId('visibility-confirm')).toHaveCount(0);
  await form.getByLabel(/^public/).check();
  const confirm = form.getByTestId('visibility-confirm');
  await expect(confirm).toContainText(
    'Yes, widen access from private to public: Anyone with the link can read it, also outside the workspace.',
  );
  await emulatorControl('requests', { method: 'DELETE' });
  // Unticked, the browser keeps the form; nothing reaches the service.
  await page.getByRole('button', { name: 'Set visibility' }).click();
  await expect(page.getByTestId('visibility-outcome')).toHaveCount(0);
  await confirm.getByRole('checkbox').check();
  await screenshotBothThemes(page, testInfo, 'channel-widen-confirm', { width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Set visibility' }).click();
  await expect(page.getByTestId('visibility-outcome')).toHaveText(/^Visibility set to public \(was private\)\./);
  await expect(page.getByTestId('channel-visibility')).toHaveText('public');
  expect((await service<{ visibility?: string }>(`/admin/ra/channels/${channelId}`)).visibility).toBe('public');

  await page.getByTestId('visibility-set-back').getByRole('button', { name: 'Set back to private' }).click();
  await expect(page.getByTestId('visibility-outcome')).toHaveText(/^Visibility set to private \(was public\)\./);
  await expect(page.getByTestId('channel-visibility')).toHaveText('private');
  expect((await service<{ visibility?: string }>(`/admin/ra/channels/${channelId}`)).visibility).toBe('private');
  const puts = (await operatorRequests()).filter(
    (entry) => entry.method === 'PUT' && entry.path === `/admin/ra/channels/${channelId}`,
  );
  expect(puts).toHaveLength(2);
  await expectNoSeriousA11yViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('widening is refused until the confirmation is ticked', async ({ page }) => {
    const channelId = await privateChannel();
    await page.goto(`/channels/${channelId}`);
    await emulatorControl('requests', { method: 'DELETE' });
    await page
      .getByTestId('visibility-form')
      .getByLabel(/^public/)
      .check();
    await page.getByRole('button', { name: 'Set visibility' }).click();
    await expect(page.getByTestId('visibility-outcome')).toContainText(
      'This widens access: the channel goes from private to public.',
    );
    expect(
      (await operatorRequests()).filter(
        (entry) => entry.method === 'PUT' && entry.path === `/admin/ra/channels/${channelId}`,
      ),
    ).toHaveLength(0);
    expect((await service<{ visibility?: string }>(`/admin/ra/channels/${channelId}`)).visibility).toBe('private');

    await page
      .getByTestId('visibility-form')
      .getByLabel(/^public/)
      .check();
    await page.getByTestId('visibility-confirm').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Set visibility' }).click();
    await expect(page.getByTestId('visibility-outcome')).toHaveText(/^Visibility set to public \(was private\)\./);
    expect((await service<{ visibility?: string }>(`/admin/ra/channels/${channelId}`)).visibility).toBe('public');
    await page.getByRole('button', { name: 'Set back to private' }).click();
    await expect(page.getByTestId('channel-visibility')).toHaveText('private');
  });
});

async function tableTop(page: Page, width: number, height: number): Promise<number> {
  await page.setViewportSize({ width, height });
  await page.goto('/stuck?refresh=0');
  const table = page.getByTestId('stuck-table');
  await expect(table).toBeVisible();
  return (await table.boundingBox())!.y;
}

test('the stuck list starts within the first screen at 1440x900 and 1280x800', async ({ page }, testInfo) => {
  const screens = [
    [1440, 900],
    [1280, 800],
  ] as const;
  const tops: number[] = [];
  for (const [width, height] of screens) {
    const top = await tableTop(page, width, height);
    tops.push(top);
    testInfo.annotations.push({ type: 'stuck table top', description: `${top} px at ${width}x${height}` });
    console.log(`stuck table top: ${Math.round(top)} px at ${width}x${height}`);
  }
  // Its header and first rows show without scrolling, at both sizes.
  screens.forEach(([, height], index) => expect(tops[index]).toBeLessThan(height - 200));
  await expect(page.getByTestId('stuck-breakdown')).toContainText('Missing artifacts');
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'stuck-page', AT_1280);
});
