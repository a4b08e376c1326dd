/**
 * The entity browser in Chromium: lists driven by the URL (sort, filter, paging, reload),
 * detail pages and their related links, jump-to, CSV export, hostile content, and the states
 * (bad parameters, empty results, 404s). Expectations are read from the service itself with
 * the machine client, so the tests do not depend on the seed's exact content.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { NON_TERMINAL_STATUSES } from '../lib/upstream/contract/constants';
import { emulatorControl, operatorRequests, serviceList, signIn, type ServiceRecord } from './support';

/** Ids of the rows the table shows, in order. */
function shownIds(page: Page): Promise<string[]> {
  return page
    .locator('tbody tr[data-row-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id') ?? ''));
}

async function shownTotal(page: Page): Promise<number> {
  return Number((await page.getByTestId('list-total').innerText({ timeout: 10_000 })).replace(/,/g, ''));
}

/** The list has settled on a URL: no navigation pending. */
async function settled(page: Page, url: RegExp): Promise<void> {
  await expect(page).toHaveURL(url);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog fired: ${dialog.type()} ${dialog.message()}`);
  });
  await signIn(page, 'ops@example.com');
});

interface ListCase {
  entity: string;
  /** A column header to sort by, the service field behind it, and the order of the first click. */
  sortLabel: string;
  sortField: string;
  firstOrder: 'asc' | 'desc';
  /** A select filter: its label, URL parameter and service field. */
  filterLabel: string;
  filterParam: string;
  filterField: string;
}

const LIST_CASES: ListCase[] = [
  {
    entity: 'users',
    sortLabel: 'E-mail',
    sortField: 'email',
    firstOrder: 'asc',
    filterLabel: 'Verified',
    filterParam: 'verified',
    filterField: 'verified',
  },
  {
    entity: 'messages',
    sortLabel: 'Duration',
    sortField: 'duration_ms',
    firstOrder: 'desc',
    filterLabel: 'Status',
    filterParam: 'status',
    filterField: 'status',
  },
  {
    entity: 'channels',
    sortLabel: 'Name',
    sortField: 'channel_name',
    firstOrder: 'asc',
    filterLabel: 'Type',
    filterParam: 'type',
    filterField: 'type',
  },
];

/** The value of the filter field that most rows have, and how many have it. */
async function commonestValue(list: ListCase): Promise<{ value: string | boolean; total: number }> {
  const sample = await serviceList(list.entity, { range: [0, 199] });
  const counts = new Map<string, number>();
  for (const row of sample.rows)
    counts.set(JSON.stringify(row[list.filterField]), (counts.get(JSON.stringify(row[list.filterField])) ?? 0) + 1);
  const [valueJson] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const value = JSON.parse(valueJson) as string | boolean;
  const { total } = await serviceList(list.entity, { filter: { [list.filterField]: value } });
  return { value, total };
}

for (const list of LIST_CASES) {
  test(`${list.entity}: sort, filter, page forward, and the copied URL shows the same rows`, async ({ page }) => {
    const { value, total: filteredTotal } = await commonestValue(list);
    const sort: [string, 'ASC' | 'DESC'] = [list.sortField, list.firstOrder === 'asc' ? 'ASC' : 'DESC'];
    const select = page.getByLabel(list.filterLabel, { exact: true });

    const pageForward = async (filter: Record<string, unknown> | undefined) => {
      await page.getByRole('button', { name: 'Next page' }).click();
      await settled(page, /page=2/);
      const secondPage = await serviceList(list.entity, { sort, filter, range: [25, 49] });
      expect(await shownIds(page)).toEqual(secondPage.rows.map((row) => row.id));
    };
    const applyFilter = async () => {
      await select.selectOption(String(value));
      await settled(page, new RegExp(`${list.filterParam}=${encodeURIComponent(String(value))}`));
      await expect(page.getByRole('button', { name: new RegExp(`Remove filter ${list.filterLabel}`) })).toBeVisible();
      const firstPage = await serviceList(list.entity, { sort, filter: { [list.filterField]: value }, range: [0, 24] });
      expect(await shownTotal(page)).toBe(firstPage.total);
      expect(await shownIds(page)).toEqual(firstPage.rows.map((row) => row.id));
    };

    await page.goto(`/${list.entity}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: list.sortLabel, exact: true }).click();
    await settled(page, new RegExp(`sort=${list.sortField}\\.${list.firstOrder}`));
    await expect(page.getByRole('columnheader', { name: list.sortLabel })).toHaveAttribute(
      'aria-sort',
      list.firstOrder === 'asc' ? 'ascending' : 'descending',
    );

    if (filteredTotal > 25) {
      await applyFilter();
      await pageForward({ [list.filterField]: value });
    } else {
      // The small seed's 40 channels have no type with two pages: page the sorted list, then
      // filter (which goes back to page 1).
      await pageForward(undefined);
      await applyFilter();
    }

    // The URL an operator pastes into an incident channel: a fresh load shows the same rows.
    const ids = await shownIds(page);
    const url = page.url();
    await page.goto('/');
    await page.goto(url);
    expect(await shownIds(page)).toEqual(ids);
    await expect(select).toHaveValue(String(value));
  });
}

test('users: free text, page size, and the shown columns live in the URL', async ({ page }) => {
  await page.goto('/users');
  await page.getByLabel(/^Search/).fill('example.com');
  await page.getByLabel(/^Search/).press('Enter');
  await settled(page, /q=example\.com/);
  const { total } = await serviceList('users', { filter: { q: 'example.com' } });
  expect(await shownTotal(page)).toBe(total);

  await page.getByLabel('Rows per page').selectOption('50');
  await settled(page, /size=50/);
  expect((await shownIds(page)).length).toBe(Math.min(50, total));

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Phone' }).check();
  await expect(page.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  await expect(page).toHaveURL(/cols=/);
  // Escape closes the chooser and gives focus back to its button, not to the page.
  await page.getByRole('menuitemcheckbox', { name: 'Phone' }).press('Escape');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Phone' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Columns' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Identity provider' })).toHaveCount(0);
});

test('a user detail page links to the user’s related lists', async ({ page }) => {
  const { rows } = await serviceList('users', { filter: { email: 'ops@example.com' } });
  const ops = rows[0]!;
  await page.goto('/users');
  await page.getByLabel(/^Search/).fill('ops@example.com');
  await page.getByLabel(/^Search/).press('Enter');
  await settled(page, /q=ops/);
  // A click anywhere on the row opens the record.
  await page.locator(`tbody tr[data-row-id="${ops.id}"] td`).nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/users/${ops.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Morgan Reyes');
  await expect(page.getByTestId('raw-json')).toContainText('"email": "ops@example.com"');
  await expect(page.locator('[data-field="created_at"]')).toContainText('UTC');
  await expect(page.locator('[data-field="created_at"]').getByTestId('local-time')).not.toHaveText('…');

  await page.getByRole('link', { name: 'Messages created' }).click();
  await expect(page).toHaveURL(new RegExp(`/messages\\?creator=${ops.id}$`));
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove filter Creator: ${ops.id}` })).toBeVisible();
});

test("a record link in a user's related tables opens its page without a page load; a modified click opens a tab", async ({
  page,
}) => {
  const { rows } = await serviceList('users', { filter: { email: 'ops@example.com' } });
  const ops = rows[0]!;
  await page.goto(`/users/${ops.id}`);
  const channelLink = page.getByTestId('channels-panel').locator('a[href^="/channels/"]').first();
  const href = (await channelLink.getAttribute('href'))!;
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  // Modified: the browser opens the link in a new tab, and this page stays.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    channelLink.click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await expect(tab).toHaveURL(new RegExp(`${href}$`));
  await tab.close();
  await expect(page).toHaveURL(new RegExp(`/users/${ops.id}$`));
  // Plain: the console navigates on the client (next/link), with no document request.
  await channelLink.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
});

test('a message links to its channel, the channel to its workspace, the workspace to its owner', async ({ page }) => {
  // A message whose whole chain exists at the service (the seed has orphans on purpose).
  const { rows } = await serviceList('messages', { range: [0, 49] });
  let chain: { message: ServiceRecord; channel: ServiceRecord; workspace: ServiceRecord } | undefined;
  for (const message of rows) {
    const channelId = (message.channel_guids as string[] | undefined)?.[0];
    if (!channelId) continue;
    const channel = (await serviceList('channels', { filter: { id: [channelId] } })).rows[0];
    if (!channel?.workspace_guid) continue;
    const workspace = (await serviceList('workspaces', { filter: { id: [channel.workspace_guid] } })).rows[0];
    if (!workspace?.owner_guid) continue;
    chain = { message, channel, workspace };
    break;
  }
  expect(chain, 'a message whose channel, workspace and owner exist').toBeDefined();
  const { message, channel, workspace } = chain!;

  await page.goto(`/messages/${message.id}`);
  await page.locator(`a[href="/channels/${channel.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/channels/${channel.id}$`));
  await expect(page.getByRole('heading', { name: /Members/ })).toBeVisible();

  await page
    .locator(`a[href="/workspaces/${String(channel.workspace_guid)}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${String(workspace.id)}$`));

  await page
    .locator(`a[href="/users/${String(workspace.owner_guid)}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/users/${String(workspace.owner_guid)}$`));
});

test('a notification links to its message, channel and user', async ({ page }) => {
  const { rows } = await serviceList('notifications', { range: [0, 9] });
  const notification = rows.find((row) => row.message_id && row.channel_id)!;
  await page.goto(`/notifications/${notification.id}`);
  for (const [entity, field] of [
    ['messages', 'message_id'],
    ['channels', 'channel_id'],
    ['users', 'user_id'],
  ] as const) {
    await expect(page.locator(`a[href="/${entity}/${String(notification[field])}"]`).first()).toBeVisible();
  }
  await page
    .locator(`a[href="/messages/${String(notification.message_id)}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/messages/${String(notification.message_id)}$`));
});

test('jump to a message by guid and to a user by e-mail', async ({ page }) => {
  const message = (await serviceList('messages', { range: [0, 0] })).rows[0]!;
  await page.goto('/');
  const jump = page.getByLabel('Jump to id, e-mail or name');

  // The shortcut works once the page has hydrated.
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(jump).toBeFocused({ timeout: 500 });
  }).toPass();
  await jump.fill(String(message.message_guid ?? message.id));
  await jump.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/messages/${message.id}$`));

  const user = (await serviceList('users', { filter: { email: 'support@example.com' } })).rows[0]!;
  await page.keyboard.press('Control+k');
  await expect(jump).toBeFocused();
  await jump.fill('Support@Example.com');
  await jump.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}$`));

  await jump.fill('no-such-thing-anywhere');
  await jump.press('Enter');
  await expect(page.getByTestId('jump-results')).toContainText('Nothing has the id, e-mail or name');
});

for (const [entity, query] of [
  ['users', '?verified=false'],
  ['messages', '?status=active'],
] as const) {
  test(`${entity}: the CSV export of a filtered view has as many rows as the table's total`, async ({ page }) => {
    await page.goto(`/${entity}${query}`);
    const total = await shownTotal(page);
    expect(total).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${entity}-\\d{8}-\\d{6}Z\\.csv$`));
    await expect(page.getByTestId('export-status')).toHaveText(`Exported ${total.toLocaleString('en-US')} rows`);
    const csv = await readFile(await file.path(), 'utf8');
    // Count records as RFC 4180 does: line breaks inside quotes belong to a field.
    let records = 0;
    let quoted = false;
    for (const char of csv) {
      if (char === '"') quoted = !quoted;
      else if (char === '\n' && !quoted) records++;
    }
    expect(records - 1).toBe(total);
    expect(csv.startsWith('\uFEFFid,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
}

test('hostile records render inert: no dialog, no script, no javascript: link, no foreign image', async ({ page }) => {
  await page.goto('/users?size=100&sort=email.asc&cols=email,first_name,last_name,image_url');
  await expect(page.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
  await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
  // The direction override is shown, not obeyed.
  await expect(page.getByText('U+202E').first()).toBeVisible();
  // The 5,000-character name is cut, with a way to see all of it.
  const showAll = page.getByRole('button', { name: /Show all \(5,000 characters\)/ });
  await showAll.click();
  await expect(page.getByRole('button', { name: 'Show less' })).toBeVisible();

  const xss = (await serviceList('users', { filter: { email: 'xss.probe@example.com' } })).rows[0]!;
  const bobby = (await serviceList('users', { filter: { email: 'bobby.tables@example.org' } })).rows[0]!;
  for (const path of [
    '/users?size=100&sort=email.asc&cols=email,first_name,last_name,image_url',
    `/users/${xss.id}`,
    `/users/${bobby.id}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('a[href^="javascript:" i], a[href^="data:" i], a[href^="vbscript:" i]').count()).toBe(0);
    expect(await page.locator('img[src="x"], img[onerror]').count()).toBe(0);
    const imageSources = await page
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    for (const src of imageSources) expect(src).toMatch(/^https?:\/\//);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href).toMatch(/^(\/|https?:\/\/|#)/);
  }
  await expect(page.getByTestId('raw-json')).toContainText('data:text/html,<script>alert(document.cookie)</script>');
});

test('bad URL parameters are explained and fall back to defaults', async ({ page }) => {
  await page.goto('/users?page=abc&size=7&sort=password.asc&verified=maybe&bogus=1');
  const issues = page.getByTestId('param-issues');
  await expect(issues).toContainText('page "abc" is not a page number; showing page 1');
  await expect(issues).toContainText('size "7" must be one of 25, 50, 100');
  await expect(issues).toContainText('cannot sort by "password"');
  await expect(issues).toContainText('verified "maybe" must be true or false');
  await expect(issues).toContainText('bogus is not a parameter of this list');
  const { rows, total } = await serviceList('users', { sort: ['created_at', 'DESC'] });
  expect(await shownTotal(page)).toBe(total);
  expect(await shownIds(page)).toEqual(rows.map((row) => row.id));
});

test('an empty result says which filter emptied it', async ({ page }) => {
  await page.goto('/users?q=no-such-person-anywhere&verified=true');
  const empty = page.getByTestId('empty-because');
  await expect(empty).toContainText('No users match Search = “no-such-person-anywhere” and Verified = “true”');
  const { total } = await serviceList('users', { filter: { verified: true } });
  await expect(empty).toContainText(`Without Search: ${total.toLocaleString('en-US')} users.`);
  await expect(empty).toContainText('Without Verified: still none.');
  await empty.getByRole('link', { name: 'Remove Search' }).click();
  await expect(page).toHaveURL(/\/users\?verified=true$/);
  expect(await shownTotal(page)).toBe(total);
});

test('404 for an unknown record and an unknown entity', async ({ page }) => {
  await page.goto('/users/usr_does_not_exist');
  await expect(page.getByRole('heading', { name: '404: no such record' })).toBeVisible();
  await page.goto('/gadgets');
  await expect(page.getByRole('heading', { name: '404: no such list' })).toBeVisible();
});

test('reads go out in parallel: a list and its names, two waves for a detail page', async ({ page }) => {
  const { rows } = await serviceList('messages', { range: [0, 24] });
  // A message that links to a channel, a workspace and a creator: three title reads.
  const present = (value: unknown) => typeof value === 'string' && value !== '';
  const linked = rows.find(
    (row) =>
      present(row.creator_guid) &&
      present(row.workspace_guid) &&
      Array.isArray(row.channel_guids) &&
      row.channel_guids.some(present),
  );
  expect(linked, 'a seeded message with a channel, a workspace and a creator').toBeDefined();
  const messageId = linked!.id;
  const LATENCY_MS = 400;
  await emulatorControl('requests', { method: 'DELETE' });
  // Every read answers late, so that reads made one after another cannot overlap in the log.
  await emulatorControl('faults', {
    body: [{ pattern: '^/admin/(ra/|users/info$)', method: 'GET', latencyMs: LATENCY_MS }],
  });
  try {
    await page.goto('/messages?status=processing');
    await expect(page.getByTestId('list-total')).toBeVisible();
    // The page, then the names of its creators, workspaces and channels: one read each, together.
    const listReads = (await operatorRequests()).filter((entry) => entry.path.startsWith('/admin/'));
    expect(listReads[0]?.path).toBe('/admin/ra/messages');
    expect(
      listReads
        .slice(1)
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(['/admin/ra/channels', '/admin/ra/workspaces', '/admin/users/info']);

    await emulatorControl('requests', { method: 'DELETE' });
    await page.goto(`/messages/${messageId}`);
    await expect(page.getByRole('heading', { name: 'Raw record' })).toBeVisible();
  } finally {
    await emulatorControl('faults', { method: 'DELETE' });
  }
  const reads = (await operatorRequests()).filter(
    (entry) => entry.method === 'GET' && (entry.path.startsWith('/admin/ra/') || entry.path === '/admin/users/info'),
  );
  const start = (entry: { time: string }) => Date.parse(entry.time);
  const end = (entry: { time: string; durationMs: number }) => start(entry) + entry.durationMs;
  const record = reads.find((entry) => entry.path === `/admin/ra/messages/${messageId}`);
  expect(record, 'the record read').toBeDefined();
  // Wave 1: the record and the related counts (they need only the id) start together.
  const first = reads.filter((entry) => start(entry) < end(record!));
  expect(first.map((entry) => entry.path).sort()).toEqual([
    `/admin/ra/messages/${messageId}`,
    '/admin/ra/notifications',
  ]);
  // Wave 2: the titles of the linked channel, workspace and creator need the record; they all
  // start before any of them ends. Nothing waits for them.
  const second = reads.filter((entry) => start(entry) >= end(record!));
  // A message still in a non-terminal status also gets its stuck diagnosis: the queue's read of
  // others stuck alike, which needs the record too and goes out with the titles.
  const diagnosed = NON_TERMINAL_STATUSES.includes(String(linked!.status) as (typeof NON_TERMINAL_STATUSES)[number]);
  expect(second.map((entry) => entry.path).sort()).toEqual([
    '/admin/ra/channels',
    ...(diagnosed ? ['/admin/ra/messages'] : []),
    '/admin/ra/workspaces',
    '/admin/users/info',
  ]);
  const firstEnd = Math.min(...second.map(end));
  for (const entry of second)
    expect(start(entry), `${entry.path} started before the first title read ended`).toBeLessThan(firstEnd);
});

test('a failing read shows the service failure with its request id, and Retry recovers', async ({ page }) => {
  await page.goto('/users');
  await expect(page.getByTestId('list-total')).toBeVisible();
  try {
    // Every list read of users fails (the console retries reads, then gives up).
    await emulatorControl('faults', { body: [{ pattern: '^/admin/ra/users$', method: 'GET', status: 503 }] });
    await page.goto('/users?verified=false');
    const failure = page.getByTestId('upstream-failure');
    await expect(failure).toContainText('The service failed (HTTP 503)');
    await expect(failure).toContainText(/Request id: \S+/);
  } finally {
    await emulatorControl('faults', { method: 'DELETE' });
  }
  await page.getByRole('link', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/users\?verified=false$/);
  await expect(page.getByTestId('list-total')).toBeVisible();
});

for (const entity of ['users', 'workspaces', 'channels', 'messages', 'notifications', 'domains', 'agents']) {
  test(`${entity}: the list shows the service's total and a row opens its record`, async ({ page }) => {
    const { rows, total } = await serviceList(entity, { range: [0, 0] });
    await page.goto(`/${entity}`);
    expect(await shownTotal(page)).toBe(total);
    expect(rows.length, `the seed has ${entity}`).toBeGreaterThan(0);
    const first = (await shownIds(page))[0]!;
    // The row's own link (the users list has a selection checkbox before it).
    await page.locator(`tbody tr[data-row-id="${first}"] a[href^="/${entity}/"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/${entity}/${encodeURIComponent(first)}$`));
    await expect(page.getByTestId('raw-json')).toContainText(`"id": "${first}"`);
  });
}
