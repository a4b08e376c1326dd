/**
 * Issue 16, part B, in Chromium at 1440x900: context kept from the stuck queue to a message and
 * back, the stuck, jobs and audit tables' order, page size, column choice and CSV, the entity
 * tables fitting the screen (every list page at 1280 and 1440 px), the skip link and focus back
 * on a dialog's opener after Escape.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { signIn } from './support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ops@example.com');
});

/** How far a page's table container scrolls sideways (0: it fits). */
async function sidewaysOverflow(page: Page, tableTestId?: string): Promise<number> {
  const table = tableTestId ? page.getByTestId(tableTestId) : page.locator('table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table.evaluate((element) => {
    const container = element.closest('[data-slot="table-container"]')!;
    return container.scrollWidth - container.clientWidth;
  });
}

test('a message opened from a filtered stuck view highlights Stuck and leads back to that view', async ({ page }) => {
  // A threshold other than the default, so that the way back must carry it.
  await page.goto('/stuck?status=processing&size=25&sort=age.asc&threshold=20');
  const row = page.getByTestId('stuck-row').first();
  await expect(row).toBeVisible();
  const id = (await row.getAttribute('data-message-id'))!;
  await row.getByRole('link', { name: id, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${id}\\?back=`));
  await expect(
    page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Stuck messages' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Messages', exact: true }),
  ).not.toHaveAttribute('aria-current', 'page');
  const back = page.getByTestId('breadcrumb-back');
  await expect(back).toHaveText('Stuck messages');
  await back.click();
  await expect(page).toHaveURL(/\/stuck\?/);
  const returned = new URL(page.url());
  expect(returned.searchParams.getAll('status')).toEqual(['processing']);
  expect(returned.searchParams.get('size')).toBe('25');
  expect(returned.searchParams.get('sort')).toBe('age.asc');
  expect(returned.searchParams.get('threshold')).toBe('20');
  await expect(page.getByTestId('stuck-row').first()).toBeVisible();
});

test('a back parameter to another site is ignored: the breadcrumb goes to the list', async ({ page }) => {
  await page.goto('/stuck');
  const id = (await page.getByTestId('stuck-row').first().getAttribute('data-message-id'))!;
  for (const back of ['//evil.example/stuck', 'https://evil.example/stuck', '/\\evil.example']) {
    await page.goto(`/messages/${id}?back=${encodeURIComponent(back)}`);
    await expect(page.getByTestId('breadcrumb-back')).toHaveAttribute('href', '/messages');
  }
});

test('the stuck queue orders, pages by size, chooses columns, exports CSV and keeps a selection across pages', async ({
  page,
}) => {
  test.slow();
  // Every watched status and a one-minute threshold: enough messages for more than one page of 25.
  await page.goto(
    '/stuck?threshold=1&status=processing&status=initializing&status=inprogress&status=paused&status=offline',
  );
  const rows = page.getByTestId('stuck-row');
  await expect(rows.first()).toBeVisible();
  const total = Number((await page.getByTestId('list-total').innerText()).replace(/,/g, ''));
  expect(total).toBeGreaterThan(25);
  await expect(rows).toHaveCount(Math.min(50, total));
  // The column chooser loads once the page has hydrated: a size picked before that is undone by hydration.
  await expect(page.getByRole('button', { name: 'Columns' })).toBeEnabled();

  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  await expect(rows).toHaveCount(25);

  const oldest = await rows.first().getAttribute('data-message-id');
  await page.getByRole('button', { name: 'Not updated for' }).click();
  await expect(page).toHaveURL(/sort=age\.asc/);
  await expect(page.getByRole('heading', { name: /Most recently updated first/ })).toBeVisible();
  await expect(rows.first()).not.toHaveAttribute('data-message-id', oldest!);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Creator' }).uncheck();
  await expect(page).toHaveURL(/cols=/);
  await expect(page.getByTestId('stuck-table').getByRole('columnheader', { name: 'Creator' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const href = await page.getByTestId('table-export').getAttribute('href');
  expect(href).toMatch(/^\/api\/stuck\/export\?.*sort=age\.asc/);
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines[0]).toContain('id,name,status');
  expect(lines[0]).toMatch(/,missing$/);
  expect(lines.length - 1).toBeGreaterThanOrEqual(25);

  // A selection survives paging within the view.
  const first = (await rows.first().getAttribute('data-message-id'))!;
  await page.getByRole('checkbox', { name: `Select ${first}` }).check();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('selected-elsewhere')).toHaveText('1 of them on other pages');
  await expect(page.getByRole('button', { name: 'Remediate selected (1)' })).toBeEnabled();
});

test('the jobs and audit tables order, page by size, choose columns and export CSV; audit targets link to their records', async ({
  page,
}) => {
  test.slow();
  // A dry run writes audit entries, so the log has rows to order.
  await page.goto('/stuck');
  await page.getByRole('button', { name: /Remediate all .* matching/ }).click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-sample')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.goto('/audit');
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');
  // The dry run's entry, newest first, links its target: the planned job.
  const plan = page
    .getByTestId('audit-entry')
    .filter({ has: page.getByTestId('audit-action').getByText('job.plan', { exact: true }) })
    .first();
  const target = plan.locator('a[href^="/jobs/"]').first();
  await expect(target).toHaveAttribute('href', /^\/jobs\/[0-9a-f-]{36}$/);
  const jobHref = (await target.getAttribute('href'))!;
  await page.getByRole('button', { name: 'Time' }).click();
  await expect(page).toHaveURL(/sort=time\.asc/);
  await expect(page.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'ascending');
  const times = await page
    .getByTestId('audit-entry')
    .locator('td:first-child span[title]')
    .evaluateAll((spans) => spans.map((span) => span.getAttribute('title') ?? ''));
  expect(times).toEqual([...times].sort());
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  expect(await page.getByTestId('audit-entry').count()).toBeLessThanOrEqual(25);
  const auditCsv = await page.request.get((await page.getByTestId('table-export').getAttribute('href'))!);
  expect(auditCsv.status()).toBe(200);
  expect(await auditCsv.text()).toContain('occurred_at,operator_email');
  // The link leads to the job's page.
  expect((await page.goto(jobHref))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/jobs');
  await expect(page.getByTestId('jobs-table')).toBeVisible();
  await page.getByRole('button', { name: 'Created' }).click();
  await expect(page).toHaveURL(/sort=created\.asc/);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'By' }).uncheck();
  await expect(page.getByTestId('jobs-table').getByRole('columnheader', { name: 'By', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const jobsCsv = await page.request.get((await page.getByTestId('table-export').getAttribute('href'))!);
  expect(jobsCsv.status()).toBe(200);
  expect(await jobsCsv.text()).toContain('id,action,params,covers,status');
  expect((await page.request.get('/api/jobs/export?order=sideways')).status()).toBe(400);
});

test('the users and messages tables fit 1440 px without scrolling sideways', async ({ page }, testInfo) => {
  for (const path of ['/users', '/messages']) {
    await page.goto(path);
    expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await screenshotBothThemes(page, testInfo, path.slice(1));
  }
  await page.goto('/stuck');
  expect(await sidewaysOverflow(page, 'stuck-table')).toBeLessThanOrEqual(0);
});

/** Every page that lists records in a table. */
const LIST_PAGES = [
  '/users',
  '/users/active',
  '/workspaces',
  '/workspaces/mine',
  '/channels',
  '/channels/orphaned',
  '/messages',
  '/notifications',
  '/notifications/orphaned',
  '/domains',
  '/agents',
  '/agents/humans',
  '/agents/mine',
  '/stuck',
  '/jobs',
  '/audit',
  '/approvals',
  '/incidents',
];

/**
 * What a page cuts off at the current width: the page itself scrolling sideways, and every table
 * that scrolls inside itself without its first column fixed in view.
 */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls ${root.scrollWidth - root.clientWidth} px`);
    for (const container of Array.from(document.querySelectorAll('[data-slot="table-container"]'))) {
      const hidden = container.scrollWidth - container.clientWidth;
      const first = container.querySelector('tr > :first-child');
      if (hidden > 0 && (!first || getComputedStyle(first).position !== 'sticky'))
        problems.push(`a table hides ${hidden} px with its first column scrolling away`);
    }
    return problems;
  });
}

test('every list page fits 1280 and 1440 px: nothing cut off, a wide table scrolls with its first column fixed', async ({
  page,
}, testInfo) => {
  test.slow();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of LIST_PAGES) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      expect(await cutOff(page), `${path} at ${width} px`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/users', '/audit', '/notifications/orphaned']) {
    await page.goto(path);
    await screenshotBothThemes(page, testInfo, `fit-1280${path.replaceAll('/', '-')}`, { width: 1280 });
  }
});

test('orphaned notifications: the type stays on one line and times read as elsewhere in the console', async ({
  page,
}) => {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/notifications/orphaned');
    const table = page.locator('table').first();
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const headers = await table.locator('thead th').allInnerTexts();
    const typeColumn = headers.findIndex((header) => header.trim() === 'Type') + 1;
    const createdColumn = headers.findIndex((header) => header.trim() === 'Created') + 1;
    expect(typeColumn).toBeGreaterThan(0);
    const lines = await table.locator(`tbody tr td:nth-child(${typeColumn})`).evaluateAll((cells) =>
      // The lines the cell's text is set on: the distinct tops of its text's boxes.
      cells.map((cell) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return tops.size;
      }),
    );
    expect(Math.max(...lines), `type cells at ${width} px`).toBe(1);
    const created = await table.locator(`tbody tr td:nth-child(${createdColumn})`).allInnerTexts();
    expect(created.filter((text) => /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text))).toEqual([]);
  }
});

test('the skip link moves focus past the sidebar to the main content', async ({ page }) => {
  await page.goto('/stuck');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next tab stop is inside the page, not the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('Escape from a dialog returns focus to the button that opened it; the top bar stays in view', async ({ page }) => {
  // Axe is slow on a loaded machine.
  test.slow();
  await page.goto('/stuck');
  const opener = page.getByRole('button', { name: /Remediate all .* matching/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.mouse.wheel(0, 3000);
  await expect(page.getByRole('search', { name: 'Jump to a record' })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Theme: / })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('list filters apply as the operator types, and dates are ISO days with quick ranges', async ({ page }) => {
  await page.goto('/messages');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const search = page.getByLabel(/^Search \(/);
  await search.pressSequentially('zzqq-nothing', { delay: 30 });
  await expect(page).toHaveURL(/[?&]q=zzqq-nothing/);
  // Typing kept the field and its focus while the URL followed.
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('zzqq-nothing');
  await search.fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}|to=\d{4}-\d{2}-\d{2}.*from=/);
  const from = page.getByLabel(/from \(UTC\)/);
  await expect(from).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  // A half-typed date is not applied; a whole one is.
  await from.fill('2026-1');
  await page.waitForTimeout(700);
  await expect(page).not.toHaveURL(/from=2026-1(&|$)/);
  await from.fill('2026-01-05');
  await expect(page).toHaveURL(/from=2026-01-05/);
});

test('the jump box lists candidates for a partial e-mail as the operator types, and opens one from the keyboard', async ({
  page,
}) => {
  await page.goto('/stuck');
  const box = page.getByRole('combobox', { name: 'Jump to id, e-mail or name' });
  await box.pressSequentially('ops@exa', { delay: 40 });
  const options = page.getByRole('listbox', { name: 'Matching records' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.first()).toContainText('by search');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  // Each option is the link to its record.
  const href = (await options.first().getAttribute('href'))!;
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByText(/ops@example\.com/).first()).toBeVisible();
});
