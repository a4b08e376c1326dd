/**
 * Names, not ids: the messages list, the stuck queue and a user page's related tables show creators, workspaces and channels by
 * name (the id on hover and in the link), read with one batch per related entity, never one per
 * row; a failed name read leaves the ids.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_EMULATOR_URL } from './stack';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { emulatorControl, emulatorRequests, operatorRequests, serviceToken, signIn } from './support';

const NAME_READS = ['/admin/users/info', '/admin/ra/workspaces', '/admin/ra/channels'];

async function service<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface ServiceUser {
  id: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
}

/** A workspace's name as the registry titles it: its name, else its vanity name, else its id. */
async function workspaceTitle(id: string): Promise<string> {
  const [record] = await service<{ workspace_name?: string | null; vanity_name?: string | null }[]>(
    `/admin/ra/workspaces?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`,
  );
  return record?.workspace_name?.trim() || record?.vanity_name?.trim() || id;
}

/** How often the page's render read each related entity's names. */
async function nameReadCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(NAME_READS.map((path) => [path, 0]));
  for (const entry of await emulatorRequests()) if (entry.path in counts) counts[entry.path]!++;
  return counts;
}

/** The first creator link of a table: its text, its hover title and the id in its href. */
async function firstCreatorLink(page: Page, scope: string) {
  const link = page.locator(`${scope} a[href^="/users/"]`).first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  return { link, id: decodeURIComponent(href.slice('/users/'.length)) };
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

test.afterEach(async () => {
  await emulatorControl('faults', { method: 'DELETE' });
});

test('the messages list names creators (with e-mail), workspaces and channels, one batch read each', async ({
  page,
}) => {
  await emulatorControl('requests', { method: 'DELETE' });
  await page.goto('/messages?size=100');
  await expect(page.getByTestId('list-total')).toBeVisible();
  expect(await nameReadCounts()).toEqual({
    '/admin/users/info': 1,
    '/admin/ra/workspaces': 1,
    '/admin/ra/channels': 1,
  });

  const { link, id } = await firstCreatorLink(page, 'tbody');
  const [user] = await service<ServiceUser[]>(`/admin/users/info?users=${encodeURIComponent(id)}`);
  const name = [user!.first_name, user!.last_name].filter(Boolean).join(' ') || user!.email;
  await expect(link).toContainText(name);
  await expect(link).toContainText(user!.email);
  await expect(link).not.toContainText(id);
  await expect(link).toHaveAttribute('title', id);

  const workspace = page.locator('tbody a[href^="/workspaces/"]').first();
  const workspaceId = decodeURIComponent((await workspace.getAttribute('href'))!.slice('/workspaces/'.length));
  await expect(workspace).toHaveText(await workspaceTitle(workspaceId));
  await expect(workspace).toHaveAttribute('title', workspaceId);
  // Channels with a name show it (direct messages have none and keep their id).
  // (A bare id's link carries it in its title too, cut to fit: only a name differs from it.)
  const channels = await page
    .locator('tbody a[href^="/channels/"]')
    .evaluateAll((links) => links.map((link) => [link.textContent?.trim() ?? '', link.getAttribute('title') ?? '']));
  expect(channels.some(([text, title]) => title !== '' && text !== '' && text !== title)).toBe(true);
});

test('a list reads names only for the columns on screen', async ({ page }) => {
  await emulatorControl('requests', { method: 'DELETE' });
  await page.goto('/messages?cols=id,creator_guid,status');
  await expect(page.getByTestId('list-total')).toBeVisible();
  await expect(page.locator('tbody a[href^="/users/"]').first()).toBeVisible();
  expect(await nameReadCounts()).toEqual({
    '/admin/users/info': 1,
    '/admin/ra/workspaces': 0,
    '/admin/ra/channels': 0,
  });
});

test('the stuck queue names its rows and its most affected workspaces, one batch read each', async ({ page }) => {
  await emulatorControl('requests', { method: 'DELETE' });
  await page.goto('/stuck?refresh=0');
  await expect(page.getByTestId('stuck-row').first()).toBeVisible();
  expect(await nameReadCounts()).toEqual({
    '/admin/users/info': 1,
    '/admin/ra/workspaces': 1,
    '/admin/ra/channels': 1,
  });

  const { link, id } = await firstCreatorLink(page, '[data-testid="stuck-table"]');
  await expect(link).toHaveAttribute('title', id);
  await expect(link).toContainText('@');

  const affected = page.getByTestId('stuck-workspaces').getByRole('link').first();
  const guid = (await affected.getAttribute('data-workspace-id'))!;
  await expect(affected).toHaveText(await workspaceTitle(guid));
  await expect(affected).toHaveAttribute('title', guid);
});

test('a failed name read leaves the ids, and the page works', async ({ page }) => {
  await emulatorControl('faults', { body: [{ pattern: '^/admin/users/info$', method: 'GET', status: 503 }] });
  await page.goto('/messages');
  await expect(page.getByTestId('list-total')).toBeVisible();
  const { link, id } = await firstCreatorLink(page, 'tbody');
  await expect(link).toHaveText(id);
  // The other entities' names still arrive.
  await expect(page.locator('tbody a[href^="/workspaces/"]').first()).toHaveAttribute('title', /.+/);
});

test("a user's related tables name workspaces and channels, one batch read each for the page, and its messages and agents are read once", async ({
  page,
}, testInfo) => {
  // A creator whose recent messages (the ten the user page shows) include one in a named workspace.
  const recent = await service<{ creator_guid: string }[]>(
    `/admin/ra/messages?sort=${encodeURIComponent('["message_ts","DESC"]')}&range=${encodeURIComponent('[0,49]')}`,
  );
  let subject: { user: string; workspace: string; title: string } | null = null;
  for (const creator of [...new Set(recent.map((message) => message.creator_guid))]) {
    const query = `filter=${encodeURIComponent(JSON.stringify({ creator_guid: creator }))}&sort=${encodeURIComponent('["message_ts","DESC"]')}&range=${encodeURIComponent('[0,9]')}`;
    const own = await service<{ workspace_guid?: string | null }[]>(`/admin/ra/messages?${query}`);
    const workspace = own.find((message) => message.workspace_guid)?.workspace_guid;
    if (!workspace) continue;
    const title = await workspaceTitle(workspace);
    if (title !== workspace) {
      subject = { user: creator, workspace, title };
      break;
    }
  }
  expect(subject, 'a creator with a recent message in a named workspace').not.toBeNull();
  const { user, workspace, title } = subject!;

  await emulatorControl('requests', { method: 'DELETE' });
  await page.goto(`/users/${encodeURIComponent(user)}`);
  const link = page
    .getByTestId('messages-panel')
    .locator(`a[href="/workspaces/${encodeURIComponent(workspace)}"]`)
    .first();
  await expect(link).toHaveText(title);
  await expect(link).toHaveAttribute('title', workspace);

  // Names are read by id lists (filter={"id":[...]}): one per entity for the whole page, not one per row.
  const batchReads = (path: string, entries: Awaited<ReturnType<typeof emulatorRequests>>) =>
    entries.filter(
      (entry) => entry.path === path && new URLSearchParams(entry.query).get('filter')?.startsWith('{"id":['),
    ).length;
  // The related count of the user's messages is the total of the page's own list of them, read once.
  const countResponse = await fetch(
    `${E2E_EMULATOR_URL}/admin/ra/messages?range=${encodeURIComponent('[0,0]')}&filter=${encodeURIComponent(JSON.stringify({ creator_guid: user }))}`,
    {
      headers: { authorization: `Bearer ${await serviceToken()}` },
    },
  );
  const messageTotal = Number(countResponse.headers.get('content-range')?.split('/')[1]);
  const relatedMessages = page
    .getByRole('region', { name: 'Related lists' })
    .locator('li')
    .filter({ has: page.locator('a[href^="/messages?"]') });
  await expect(relatedMessages).toContainText(`(${messageTotal.toLocaleString('en-US')})`);
  const entries = await emulatorRequests();
  const fromPage = await operatorRequests();
  const readsOfUser = (path: string, field: string) =>
    fromPage.filter(
      (entry) =>
        entry.path === path &&
        (JSON.parse(new URLSearchParams(entry.query).get('filter') ?? '{}') as Record<string, unknown>)[field] === user,
    ).length;
  expect(readsOfUser('/admin/ra/messages', 'creator_guid')).toBe(1);
  expect(readsOfUser('/admin/ra/agents', 'creator_id')).toBe(1);
  expect(batchReads('/admin/ra/workspaces', entries)).toBe(1);
  expect(batchReads('/admin/ra/channels', entries)).toBeLessThanOrEqual(1);
  expect(entries.filter((entry) => entry.path === '/admin/users/info').length).toBeLessThanOrEqual(1);
  await expectNoSeriousA11yViolations(page, 'user page');
  await screenshotBothThemes(page, testInfo, 'user-page', { fullPage: true });
});
