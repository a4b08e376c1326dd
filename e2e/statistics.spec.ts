import { expect, test, type Page } from '@playwright/test';
import { lastCompleteDays } from '../lib/statistics/days';
import { E2E_EMULATOR_URL } from './stack';
import { serviceToken, signIn } from './support';

interface ServiceDay {
  date: string;
  total: number;
  statuses: Record<string, number>;
}

async function serviceStatistics(): Promise<ServiceDay[]> {
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/message/statistics`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ServiceDay[];
}

/** The service's own totals per status over the last `days` complete UTC days. */
async function serviceTotals(days: number): Promise<{ total: number; byStatus: Record<string, number> }> {
  const range = lastCompleteDays(days, Date.now());
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const day of await serviceStatistics()) {
    if (day.date < range.from || day.date > range.to) continue;
    total += day.total;
    for (const [status, count] of Object.entries(day.statuses)) byStatus[status] = (byStatus[status] ?? 0) + count;
  }
  return { total, byStatus };
}

const ACTIVE_FILL = '#16a34a';
const chart = (page: Page) => page.getByTestId('statistics-chart');
const bars = (page: Page, fill: string) => chart(page).locator(`.recharts-bar-rectangle path[fill="${fill}"]`);
const dayTable = (page: Page) => page.getByRole('table', { name: /^Messages per day and status/ });
const tableRows = (page: Page) => dayTable(page).locator('tbody tr');

async function openStatistics(page: Page, query = ''): Promise<void> {
  await page.goto(`/statistics${query}`);
  // The chart is loaded after hydration; on a busy machine that takes a while.
  await expect(chart(page).locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 });
}

// Each test loads the page several times; the chart comes after hydration.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com', '/statistics');
});

test("the chart and the comparison show the emulator's statistics; presets change the URL and the data", async ({
  page,
}) => {
  await openStatistics(page);
  const week = await serviceTotals(7);
  await expect(page.getByTestId('compare-total')).toHaveText(week.total.toLocaleString('en-US'));
  await expect(bars(page, ACTIVE_FILL).first()).toBeVisible();
  await expect(tableRows(page)).toHaveCount(8);

  await page.getByRole('link', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/\/statistics\?days=30$/);
  const month = await serviceTotals(30);
  await expect(page.getByTestId('compare-total')).toHaveText(month.total.toLocaleString('en-US'));
  await expect(tableRows(page)).toHaveCount(31);
  expect(month.total).toBeGreaterThan(week.total);
  for (const [status, count] of Object.entries(month.byStatus)) {
    await expect(page.getByTestId(`compare-${status}`).locator('td').first()).toHaveText(count.toLocaleString('en-US'));
  }
  await expect(tableRows(page).last().locator('td').nth(1)).toHaveText(month.total.toLocaleString('en-US'));

  await page.getByRole('link', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/\/statistics\?days=90$/);
  await expect(tableRows(page)).toHaveCount(91);
  await expect(page.getByTestId('compare-total')).toHaveText((await serviceTotals(90)).total.toLocaleString('en-US'));

  const range = lastCompleteDays(10, Date.now());
  await page.getByLabel('From', { exact: true }).fill(range.from);
  await page.getByLabel('To', { exact: true }).fill(range.to);
  await page.getByRole('button', { name: 'Show custom period' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${range.from}&to=${range.to}`));
  await expect(tableRows(page)).toHaveCount(11);
});

test('a status toggle hides its series and is kept in the URL; the percent view too', async ({ page }) => {
  await openStatistics(page, '?days=30');
  await expect(bars(page, ACTIVE_FILL).first()).toBeVisible();
  const toggle = page
    .getByRole('group', { name: 'Statuses shown in the chart' })
    .getByRole('button', { name: 'active', exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(bars(page, ACTIVE_FILL)).toHaveCount(0);
  await expect(page).toHaveURL(/hide=active/);
  await page.getByRole('button', { name: 'Percent of day' }).click();
  await expect(page).toHaveURL(/view=percent/);
  await page.reload();
  await expect(chart(page).locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 });
  await expect(bars(page, ACTIVE_FILL)).toHaveCount(0);
  // Recharts 3 draws tick labels in a layer of their own, not inside the axis group.
  await expect(chart(page)).toContainText('100%');
});

test('the CSV export is the table', async ({ page }) => {
  await openStatistics(page, '?days=30');
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const lines = (await response.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const header = await dayTable(page).locator('thead th').allInnerTexts();
  // The status columns by name (the CSV names its other columns for machines: date, total, non_terminal_percent).
  expect(lines[0]!.split(',').slice(2, -1)).toEqual(header.slice(2, -1).map((text) => text.trim()));
  const rows = await tableRows(page).evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  expect(lines.slice(1)).toHaveLength(rows.length);
  rows.forEach((cells, index) => {
    const csv = lines[index + 1]!.split(',');
    expect(csv[0]).toBe(cells[0]!.replace('! (anomaly)', ''));
    expect(csv.slice(1)).toEqual(cells.slice(1).map((cell) => cell.replace(/,/g, '')));
  });
});

test('after statuses change at the service the numbers move', async ({ page }) => {
  const range = lastCompleteDays(30, Date.now());
  const token = await serviceToken();
  const query = new URLSearchParams({
    filter: JSON.stringify({ status: 'active' }),
    range: JSON.stringify([0, 299]),
    sort: JSON.stringify(['message_ts', 'DESC']),
  });
  const listed = (await (
    await fetch(`${E2E_EMULATOR_URL}/admin/ra/messages?${query}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: string; message_ts: number }[];
  const inRange = listed.filter((message) => {
    const day = new Date(message.message_ts).toISOString().slice(0, 10);
    return day >= range.from && day <= range.to;
  });
  expect(inRange.length).toBeGreaterThanOrEqual(3);
  const [first, ...others] = inRange.slice(0, 3);

  await openStatistics(page, '?days=30');
  const before = Number((await page.getByTestId('compare-active').locator('td').first().innerText()).replace(/,/g, ''));

  // One through the console's own message action, two straight at the service.
  await page.goto(`/messages/${first!.id}`);
  await page.getByLabel('New status').selectOption('paused');
  await page.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByTestId('message-status')).toHaveText('paused');
  for (const message of others) {
    const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/message/${message.id}/status/failed`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  }

  await openStatistics(page, '?days=30');
  await expect(page.getByTestId('compare-active').locator('td').first()).toHaveText(
    (before - 3).toLocaleString('en-US'),
  );
  const after = await serviceTotals(30);
  await expect(page.getByTestId('compare-paused').locator('td').first()).toHaveText(
    (after.byStatus.paused ?? 0).toLocaleString('en-US'),
  );
  await expect(page.getByTestId('compare-failed').locator('td').first()).toHaveText(
    (after.byStatus.failed ?? 0).toLocaleString('en-US'),
  );
});

test('the dashboard shows the week against the last and links to the page', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('dashboard-statistics');
  await expect(card).toBeVisible();
  await expect(card.getByRole('link').first()).toHaveText((await serviceTotals(7)).total.toLocaleString('en-US'));
  await card.getByRole('link', { name: 'Review the statistics' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
});
