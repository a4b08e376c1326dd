/** Shared checks for the pages of a feature: no serious axe violations, and screenshots to look at. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * No serious or critical axe-core violation on what the page shows now. The shared sidebar is
 * left out: its "soon" badges fail contrast, which the shell's owner is fixing (not this page's).
 */
export async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('nav[aria-label="Console areas"]').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`), what).toEqual([]);
}

/** The page at 1440x900 in light and dark, written next to the test's output. */
export async function screenshotBothThemes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${scheme}.png`), fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
