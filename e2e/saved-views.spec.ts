/**
 * Saved views in Chromium: a viewer filters, orders and trims the columns of the stuck queue,
 * saves it by name, finds it in the sidebar and on /views, opens it and lands on the exact URL
 * with the same filter, order and columns; renames and deletes it (each change read back from the
 * page, the sidebar and the audit log). A viewer is not offered sharing; a view ops shares appears
 * for the viewer, who cannot change it. Names carry the run's time: the console database outlives
 * a run.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_CONSOLE_URL } from './stack';
import { signIn } from './support';

const RUN = Date.now().toString(36);

async function operatorPage(browser: Browser, email: string, startPath: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_CONSOLE_URL });
  const page = await context.newPage();
  await signIn(page, email, startPath);
  return page;
}

/** The page's path and query, as a view stores it. */
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The audit summary of the newest entry of an action by an operator. */
async function latestAuditSummary(page: Page, action: string, operator: string): Promise<string> {
  await page.goto(`/audit?action=${encodeURIComponent(action)}&operator=${encodeURIComponent(operator)}`);
  const summary = page.getByTestId('audit-summary').first();
  await expect(summary).toBeVisible();
  return summary.innerText();
}

async function saveThroughDialog(page: Page, name: string, options: { share?: boolean } = {}) {
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  if (options.share) await dialog.getByLabel(/Share with the team/).check();
  await dialog.getByLabel('Name', { exact: true }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('view-saved')).toContainText(name);
}

test('a viewer saves a stuck-queue view, opens it from the sidebar and /views as saved, renames and deletes it', async ({
  browser,
}, testInfo) => {
  test.slow();
  const name = `Old processing ${RUN}`;
  const renamed = `Processing, oldest last ${RUN}`;
  const viewer = await operatorPage(browser, 'viewer@example.com', '/stuck');

  // Filter through the bar, order by a header, and drop a column.
  const threshold = viewer.getByRole('spinbutton', { name: 'Not updated for (minutes)' });
  await threshold.fill('1');
  await threshold.press('Enter');
  await expect(viewer).toHaveURL(/threshold=1(&|$)/);
  await expect(viewer.getByRole('button', { name: 'Columns' })).toBeEnabled();
  await viewer.getByRole('button', { name: 'Not updated for' }).click();
  await expect(viewer).toHaveURL(/sort=age\.asc/);
  await viewer.getByRole('button', { name: 'Columns' }).click();
  await viewer.getByRole('menuitemcheckbox', { name: 'Creator' }).uncheck();
  await expect(viewer).toHaveURL(/cols=/);
  await viewer.keyboard.press('Escape');
  const saved = pathAndQuery(viewer);

  // A viewer saves a private view; sharing is not offered.
  await viewer.getByRole('button', { name: 'Save view' }).click();
  const dialog = viewer.getByRole('dialog', { name: 'Save this view' });
  await expect(dialog.getByText(/Only you will see this view/)).toBeVisible();
  await expect(dialog.getByLabel(/Share with the team/)).toHaveCount(0);
  // An empty name is refused in the dialog, which stays open.
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByText('Give the view a name.')).toBeVisible();
  await expectNoSeriousA11yViolations(viewer, 'the save dialog');
  await screenshotBothThemes(viewer, testInfo, 'save-view-dialog-1440');
  await screenshotBothThemes(viewer, testInfo, 'save-view-dialog-1280', { width: 1280 });
  await viewer.keyboard.press('Escape');
  await saveThroughDialog(viewer, name);

  // The sidebar lists it, by name, linking to the exact URL.
  const sidebarLink = viewer.getByTestId('sidebar-views').getByRole('link', { name });
  await expect(sidebarLink).toHaveAttribute('href', saved);

  // A second view of the same name is refused with the reason.
  await viewer.getByRole('button', { name: 'Save view' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(name.toUpperCase());
  await dialog.getByLabel('Name', { exact: true }).press('Enter');
  await expect(viewer.getByTestId('save-view-error')).toContainText('You already have a view called');
  await viewer.keyboard.press('Escape');

  // /views lists it in words: its table, its filter, private, owned by the viewer.
  await viewer.goto('/views');
  const row = viewer.locator(`[data-testid="view-row"][data-view-name="${name}"]`);
  await expect(row).toContainText('Stuck messages');
  await expect(row).toContainText('Not updated for (minutes): 1');
  await expect(row).toContainText('Ordered by age, ascending');
  await expect(row).toContainText('private');
  await expect(row).toContainText('you (viewer@example.com)');
  await expect(row.getByRole('button', { name: `Share ${name} with the team` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(viewer, '/views');
  await screenshotBothThemes(viewer, testInfo, 'views-1440');
  await screenshotBothThemes(viewer, testInfo, 'views-1280', { width: 1280 });

  // Opened, it is the page as saved: the URL, the threshold, the order, the columns.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(viewer).toHaveURL(`${E2E_CONSOLE_URL}${saved}`);
  await expect(viewer.getByRole('spinbutton', { name: 'Not updated for (minutes)' })).toHaveValue('1');
  await expect(viewer.getByRole('columnheader', { name: 'Not updated for' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(viewer.getByTestId('stuck-table').getByRole('columnheader', { name: 'Creator' })).toHaveCount(0);
  await expect(viewer.getByTestId('stuck-table').getByRole('columnheader', { name: 'Status' })).toBeVisible();

  // Renamed: the page, the sidebar and the audit log say so.
  await viewer.goto('/views');
  await row.getByRole('button', { name: `Rename ${name}` }).click();
  const renameDialog = viewer.getByRole('dialog', { name: `Rename “${name}”` });
  await renameDialog.getByLabel('New name').fill(renamed);
  await renameDialog.getByLabel('New name').press('Enter');
  await expect(renameDialog).toBeHidden();
  const renamedRow = viewer.locator(`[data-testid="view-row"][data-view-name="${renamed}"]`);
  await expect(renamedRow).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(viewer.getByTestId('sidebar-views').getByRole('link', { name: renamed })).toHaveAttribute('href', saved);
  expect(await latestAuditSummary(viewer, 'view.rename', 'viewer@example.com')).toBe(
    `renamed “${name}” to “${renamed}”`,
  );

  // Deleted: gone from the page and the sidebar, and audited.
  await viewer.goto('/views');
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  await viewer.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(renamedRow).toHaveCount(0);
  await expect(viewer.getByTestId('sidebar-views').getByRole('link', { name: renamed })).toHaveCount(0);
  expect(await latestAuditSummary(viewer, 'view.delete', 'viewer@example.com')).toBe(
    `deleted private view “${renamed}”`,
  );
  await viewer.context().close();
});

test('a view ops shares appears for another operator, who cannot change it', async ({ browser }) => {
  const name = `Team denials ${RUN}`;
  const ops = await operatorPage(browser, 'ops@example.com', '/audit?outcome=denied');
  await expect(ops.getByRole('button', { name: 'Save view' })).toBeEnabled();
  await saveThroughDialog(ops, name, { share: true });
  const saved = pathAndQuery(ops);
  expect(await latestAuditSummary(ops, 'view.save_shared', 'ops@example.com')).toBe(
    `saved shared view “${name}” of ${saved}`,
  );

  const support = await operatorPage(browser, 'support@example.com', '/views');
  const row = support.locator(`[data-testid="view-row"][data-view-name="${name}"]`);
  await expect(row).toContainText('shared');
  await expect(row).toContainText('ops@example.com');
  await expect(row).toContainText('Outcome: denied');
  await expect(row.getByText('Shared by its owner')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(support.getByTestId('sidebar-views').getByRole('link', { name })).toHaveAttribute('href', saved);

  // Ops makes it private again: the other operator no longer sees it.
  await ops.goto('/views');
  await ops
    .locator(`[data-testid="view-row"][data-view-name="${name}"]`)
    .getByRole('button', { name: `Make ${name} private` })
    .click();
  await expect(ops.locator(`[data-testid="view-row"][data-view-name="${name}"]`)).toContainText('private');
  await support.reload();
  await expect(row).toHaveCount(0);
  await ops.context().close();
  await support.context().close();
});
