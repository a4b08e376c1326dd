/**
 * Issue 16: the stuck queue's and the audit log's filters apply as the operator types or picks
 * (no Apply), keeping the table's parameters, and the audit log's quick time ranges.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { signIn } from './support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ops@example.com');
});

test('typing a workspace id on the stuck queue filters it without Apply, keeping the table parameters', async ({
  page,
}, testInfo) => {
  await page.goto('/stuck?size=25&sort=age.asc');
  const link = page.locator('[data-testid="stuck-row"] a[href^="/workspaces/"]').first();
  await expect(link).toBeVisible();
  const workspace = decodeURIComponent(
    new URL((await link.getAttribute('href'))!, 'http://console').pathname.split('/')[2]!,
  );
  await page.getByLabel('Workspace id').fill(workspace);

  await expect(page).toHaveURL((url) => url.searchParams.get('workspace') === workspace);
  const url = new URL(page.url());
  expect(url.searchParams.get('size')).toBe('25');
  expect(url.searchParams.get('sort')).toBe('age.asc');
  // The table follows: every row is in that workspace.
  const rows = page.getByTestId('stuck-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNot: page.locator(`a[href^="/workspaces/${workspace}"]`) })).toHaveCount(0);
  await expect(page.getByLabel('Workspace id')).toHaveValue(workspace);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'stuck-filtered');
});

test('typing an action on the audit log filters it without Apply; "Last hour" sets the time range', async ({
  page,
}, testInfo) => {
  // An audited action to find: reprocess one stuck message.
  await page.goto('/stuck');
  const id = await page.getByTestId('stuck-row').first().getAttribute('data-message-id');
  await page.goto(`/messages/${id}`);
  await page.getByRole('button', { name: 'Reprocess' }).click();
  await expect(page.getByTestId('action-outcome')).toBeVisible();

  await page.goto('/audit?size=25');
  await page.getByLabel('Action (or prefix ending in .)').fill('message.reprocess');
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('action') === 'message.reprocess' && url.searchParams.get('size') === '25',
  );
  const actions = page.getByTestId('audit-action');
  await expect(actions.first()).toHaveText('message.reprocess');
  await expect(actions.filter({ hasNotText: 'message.reprocess' })).toHaveCount(0);

  await page.getByLabel('Action (or prefix ending in .)').fill('nothing.like.this.');
  await expect(page).toHaveURL((url) => url.searchParams.get('action') === 'nothing.like.this.');
  await expect(page.getByText('No entry matches these filters.')).toBeVisible();

  await page.getByLabel('Action (or prefix ending in .)').fill('message.reprocess');
  await expect(actions.first()).toHaveText('message.reprocess');
  await page.getByRole('button', { name: 'Last hour' }).click();
  await expect(page).toHaveURL(
    (url) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/.test(url.searchParams.get('from') ?? '') &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/.test(url.searchParams.get('to') ?? ''),
  );
  const url = new URL(page.url());
  expect(Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)).toBe(60 * 60 * 1000);
  expect(url.searchParams.get('action')).toBe('message.reprocess');
  await expect(page.getByLabel('From (UTC)')).toHaveValue(url.searchParams.get('from')!);
  // The reprocess a moment ago is in the last hour.
  await expect(actions.first()).toHaveText('message.reprocess');
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'audit-last-hour');
});
