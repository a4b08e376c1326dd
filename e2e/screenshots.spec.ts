/**
 * The README's screenshots (docs/screenshots/): the dashboard, the stuck queue, the messages list
 * and a message page at 1440x900, light and dark. Opt-in, re-runnable against the e2e stack:
 * `npm run screenshots` (SCREENSHOTS=1); ordinary runs leave it out (playwright.config.ts).
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inTheme } from './a11y';
import { signIn } from './support';

const OUT = path.join(__dirname, '..', 'docs', 'screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await inTheme(page, theme);
    await page.screenshot({ path: path.join(OUT, `${name}-${theme}.png`) });
  }
  await inTheme(page, 'light');
}

test('README screenshots at 1440x900, light and dark', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ops@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The trend chart is an island drawn after the page: shoot it drawn.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await shoot(page, 'dashboard');

  await page.goto('/stuck');
  await expect(page.getByTestId('stuck-row').first()).toBeVisible();
  // The trend chart loads after the rows: shoot it drawn.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await shoot(page, 'stuck-queue');
  const id = (await page.getByTestId('stuck-row').first().getAttribute('data-message-id'))!;

  await page.goto('/messages');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await shoot(page, 'messages');

  await page.goto(`/messages/${encodeURIComponent(id)}`);
  await expect(page.getByTestId('message-workbench')).toBeVisible();
  await shoot(page, 'message');
});
