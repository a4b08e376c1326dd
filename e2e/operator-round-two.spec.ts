/**
 * Operator experience, round two, in Chromium: the jump box by name and its cost at the service,
 * the stuck queue's workspace picker, the statistics PNG export, agent deletion by its creator,
 * domains searched in Unicode, and the smaller fixes. State is read back from the page and from
 * the emulator's request log or records.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { emulatorControl, operatorRequests, serviceList, signIn } from './support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** The service calls since the log was cleared that concern `term`: a read by id, or a list filtered by it. */
async function callsFor(term: string) {
  const lower = term.toLowerCase();
  const said = (entry: { path: string; query: string }) =>
    [decodeURIComponent(entry.path), ...new URLSearchParams(entry.query).values()].join(' ').toLowerCase();
  return (await operatorRequests()).filter((entry) => said(entry).includes(lower));
}
const readsById = (entry: { path: string }) => /^\/admin\/ra\/[a-z]+\/[^/]+$/.test(entry.path);

test('the jump box finds a workspace by name and a person with their e-mail, asking the service only what can match', async ({
  page,
}, testInfo) => {
  await signIn(page, 'ops@example.com', '/');
  const workspace = (await serviceList('workspaces', { range: [0, 0] })).rows[0]!;
  const name = String(workspace.workspace_name);
  const box = page.getByRole('combobox', { name: 'Jump to id, e-mail or name' });
  await expect(page.locator('h1').first()).toBeVisible();

  await emulatorControl('requests', { method: 'DELETE' });
  await box.fill(name);
  const options = page.getByRole('listbox', { name: 'Matching records' }).getByRole('option');
  const found = options.filter({ hasText: workspace.id });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Workspace');
  await expect(found).toContainText(name);
  // One query: the name searched in the five entities operators name, no read by id.
  const calls = await callsFor(name);
  expect(calls.filter(readsById).map((entry) => entry.path)).toEqual([]);
  expect(calls.map((entry) => entry.path).toSorted()).toEqual(
    ['agents', 'channels', 'domains', 'users', 'workspaces'].map((entity) => `/admin/ra/${entity}`),
  );
  await screenshotBothThemes(page, testInfo, 'jump-by-name', { width: 1280 });
  await expect(found).toHaveAttribute('href', `/workspaces/${workspace.id}`);
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}$`));

  // An id is read by id, in its own entity only.
  await emulatorControl('requests', { method: 'DELETE' });
  const answer = await page.request.get(`/api/jump?q=${workspace.id}`);
  expect(answer.status()).toBe(200);
  expect((await callsFor(workspace.id)).map((entry) => entry.path)).toEqual([`/admin/ra/workspaces/${workspace.id}`]);

  // People of one name are told apart by their e-mail and id.
  await box.fill('ops@exa');
  const person = options.filter({ hasText: 'ops@example.com' }).first();
  await expect(person).toContainText('User');
  await expect(person).toContainText(/usr_[0-9a-f]+/);
});

test('the stuck queue finds a workspace by name and filters by its id', async ({ page }, testInfo) => {
  await signIn(page, 'ops@example.com', '/stuck?size=25');
  const link = page.locator('[data-testid="stuck-row"] a[href^="/workspaces/"]').first();
  await expect(link).toBeVisible();
  const id = decodeURIComponent(new URL((await link.getAttribute('href'))!, 'http://console').pathname.split('/')[2]!);
  const [workspace] = (await serviceList('workspaces', { filter: { id } })).rows;
  const name = String(workspace!.workspace_name);

  const picker = page.getByRole('combobox', { name: 'Workspace by name' });
  await picker.fill(name);
  const option = page.getByRole('listbox', { name: 'Workspace by name: matches' }).getByRole('option', {
    name: new RegExp(id),
  });
  await option.click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('workspace') === id && url.searchParams.get('size') === '25',
  );
  await expect(page.getByLabel('Workspace id')).toHaveValue(id);
  await expect(picker).toHaveValue(name);
  const rows = page.getByTestId('stuck-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNot: page.locator(`a[href^="/workspaces/${id}"]`) })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'stuck-workspace-by-name', { width: 1280 });
});

test('statistics: Export PNG downloads a PNG under the console’s Content-Security-Policy', async ({ page }) => {
  await signIn(page, 'ops@example.com', '/statistics');
  await expect(page.getByTestId('statistics-chart').locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.png$/);
  const file = await readFile((await download.path())!);
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(file.length).toBeGreaterThan(1_000);
  await expect(page.getByText('The chart could not be drawn as an image.')).toHaveCount(0);
});

test('an agent a support operator created is deleted by that operator; ops is told only its creator can', async ({
  page,
  browser,
}, testInfo) => {
  const name = `Support agent ${Date.now().toString(36)}`;
  await signIn(page, 'support@example.com', '/agents/mine');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create an agent' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const agentId = page.url().split('/agents/')[1]!;

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const ops = await other.newPage();
    await signIn(ops, 'ops@example.com', `/agents/${agentId}`);
    await expect(ops.getByTestId('agent-not-yours')).toContainText('only its creator can delete it');
    await expect(ops.getByRole('button', { name: 'Delete agent' })).toHaveCount(0);
    await screenshotBothThemes(ops, testInfo, 'agent-not-yours', { width: 1280 });
  } finally {
    await other.close();
  }

  await emulatorControl('requests', { method: 'DELETE' });
  await page.getByRole('button', { name: 'Delete agent' }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${name}?` });
  await remove.getByRole('button', { name: 'Delete agent' }).click();
  await expect(page.getByTestId('agent-deleted')).toBeVisible();
  const deletes = (await operatorRequests()).filter((entry) => entry.method === 'DELETE');
  expect(deletes.map((entry) => [entry.path, entry.status])).toEqual([[`/agents/${agentId}`, 204]]);
  const [stored] = (await serviceList('agents', { filter: { id: agentId } })).rows;
  expect(stored?.deleted_at).toEqual(expect.any(String));
});

test('domains: a search typed in Unicode finds the international names, shown in Unicode', async ({
  page,
}, testInfo) => {
  await signIn(page, 'ops@example.com', '/domains');
  await page.getByLabel(/^Search \(/).fill('bücher');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'bücher');
  const rows = page.locator('tbody tr[data-row-id]');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.getByTestId('domain-unicode').allInnerTexts();
  expect(shown.length).toBe(await rows.count());
  expect(shown.every((text) => text.includes('bücher'))).toBe(true);
  await expect(rows.getByTestId('domain-stored').first()).toHaveText(/^xn--/);
  await screenshotBothThemes(page, testInfo, 'domains-unicode-search', { width: 1280 });
});

test('a token minted for an agent is listed on its page at once, without a reload', async ({ page }) => {
  const name = `Token agent ${Date.now().toString(36)}`;
  await signIn(page, 'support@example.com', '/agents/mine');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create an agent' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const agentId = page.url().split('/agents/')[1]!;
  await expect(page.getByTestId('minted-tokens')).toHaveCount(0);

  await emulatorControl('requests', { method: 'DELETE' });
  await page.getByRole('button', { name: 'Mint a token' }).click();
  const mint = page.getByRole('dialog', { name: `Mint a token for ${name}` });
  await mint.getByRole('button', { name: 'Mint token' }).click();
  await expect(mint.getByTestId('token-value')).toBeVisible();
  await mint.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('minted-tokens')).toContainText('support@example.com');
  const mints = (await operatorRequests()).filter((entry) => entry.method === 'POST');
  expect(mints.map((entry) => entry.path)).toEqual([`/agents/${agentId}/tokens`]);
});

test('an already-merged account is marked in the users list and in the merge picker, where it cannot be picked', async ({
  page,
}, testInfo) => {
  const merged = (await serviceList('users', { range: [0, 999] })).rows.find(
    (user) => typeof user.merged_into === 'string' && typeof user.email === 'string',
  );
  expect(merged, 'a merged account in the seed').toBeDefined();
  const email = String(merged!.email);
  await signIn(page, 'ops@example.com', `/users?q=${encodeURIComponent(email)}`);
  const row = page.locator(`tr[data-row-id="${merged!.id}"]`);
  await expect(row.locator(`a[href="/users/${String(merged!.merged_into)}"]`)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Merged into' })).toBeVisible();

  await page.goto(`/users/merge?sq=${encodeURIComponent(email)}`);
  const candidate = page.getByTestId('merge-candidate').filter({ hasText: merged!.id });
  await expect(candidate).toContainText('already merged');
  await expect(candidate).toContainText('cannot be merged again');
  await expect(candidate.getByRole('link', { name: /Fold this one/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'merge-picker-merged', { width: 1280 });
});

test('"My agents" says its order and range in words, and once that there are none', async ({ page }, testInfo) => {
  // Past every agent there is: one message says so, and no range is shown.
  await signIn(page, 'support@example.com', '/agents/mine?direction=newer&date=2100-01-01T00:00:00Z');
  await expect(page.getByLabel('Order').locator('option')).toHaveText(['Oldest first', 'Newest first']);
  await expect(page.getByText('Created after (UTC, optional)')).toBeVisible();
  await expect(page.getByTestId('own-agents-empty')).toHaveText(
    'No agents on this page. Go back a page, or change the order or the date.',
  );
  await expect(page.getByText(/no agents/i)).toHaveCount(1);
  await expect(page.getByTestId('own-agents-range')).toHaveText('');
  await screenshotBothThemes(page, testInfo, 'my-agents-empty', { width: 1280 });

  // With an agent of one's own, the range reads in words.
  await page.goto('/agents/mine?direction=older');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create an agent' });
  await create.getByLabel('Name').fill(`Paging agent ${Date.now().toString(36)}`);
  await create.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/agents\/usr_/);
  await page.goto('/agents/mine?direction=older');
  await expect(page.getByTestId('own-agents-range')).toHaveText(/^Agents 1 to \d+( of \d+)?, newest first$/);
  await expect(page.getByText(/no agents/i)).toHaveCount(0);
});

test('resolving an incident asks how it ended; one never mitigated claims no time to mitigate', async ({
  page,
}, testInfo) => {
  await signIn(page, 'ops@example.com', '/incidents/new');
  await page.getByLabel('Title').fill(`Resolved directly ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Open incident' }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('incident-ttm')).toHaveText('not yet');

  await page.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByTestId('incident-action-error')).toContainText('how it was resolved');
  await expect(page.getByTestId('incident-status')).toHaveText('open');

  await page.getByLabel(/^Resolution summary/).fill('False alarm: the sampler double-counted one minute');
  await page.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByTestId('incident-status')).toHaveText('resolved');
  await expect(page.getByTestId('incident-ttm')).toHaveText('never mitigated (resolved directly)');
  await expect(page.getByTestId('timeline-note')).toContainText('Resolution: False alarm');
  const report = await page.request.get((await page.getByTestId('incident-report-link').getAttribute('href'))!);
  const markdown = await report.text();
  expect(markdown).toContain('- Time to mitigate: never mitigated (resolved directly)');
  expect(markdown).toContain('Resolution: False alarm');
  await screenshotBothThemes(page, testInfo, 'incident-resolved-directly', { width: 1280 });
});

test('? opens the list of keyboard shortcuts; in a text field it is only text', async ({ page }, testInfo) => {
  await signIn(page, 'ops@example.com', '/stuck');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  // The shortcut works once the page has hydrated.
  await expect(async () => {
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass();
  const list = dialog.getByTestId('shortcut-list');
  for (const does of ['Jump to a record by id, e-mail or name', "Move through the jump box's matches", 'This list'])
    await expect(list).toContainText(does);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'shortcut-help', { width: 1280 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // What it lists works: `/` focuses the jump box, where `?` is a character.
  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Jump to id, e-mail or name' });
  await expect(box).toBeFocused();
  await page.keyboard.type('?');
  await expect(box).toHaveValue('?');
  await expect(dialog).toHaveCount(0);
});
