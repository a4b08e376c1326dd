/**
 * Accessibility checks for the browser tests: axe-core in the page as it stands, failing on any
 * serious or critical violation (WCAG 2.x A and AA rules). Call it on every page a spec adds,
 * in both themes (`inTheme`), and screenshot it to look at (`screenshotBothThemes`, on demand).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements, with axe's summary of what is wrong. */
  nodes: string[];
}

/** Renders the page in the light or dark theme (the console follows the system's scheme). */
export async function inTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
}

/** Switches a loaded page's theme and waits until the console has applied it (the root's `dark` class). */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await inTheme(page, theme);
  await expect(page.locator('html.dark')).toHaveCount(theme === 'dark' ? 1 : 0);
}

/** Waits until nothing is loading, so the scan sees the page the operator sees. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
}

/**
 * The axe rules whose outcome depends on colours: the only ones a change of theme can change, as
 * the themes differ in colours alone (the same DOM, a `dark` class on the root).
 */
export const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical axe-core violations on the page as it stands: of every WCAG 2.x A and
 * AA rule, or of the given rules only.
 */
export async function seriousA11yViolations(
  page: Page,
  { rules }: { rules?: readonly string[] } = {},
): Promise<A11yViolation[]> {
  await settled(page);
  const axe = new AxeBuilder({ page });
  const results = await (
    rules ? axe.withRules([...rules]) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  ).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.trim()),
    }));
}

/** Fails the test, listing each rule and element, when the page has a serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  expect(await seriousA11yViolations(page), `accessibility of ${label}`).toEqual([]);
}

/**
 * Screenshots for a person to look at, taken only when asked for (SCREENSHOTS=1, as `npm run
 * screenshots` sets; `SCREENSHOTS=1 npx playwright test` takes every spec's): no test compares
 * them, so an ordinary run does not spend its time writing them.
 */
export const SCREENSHOTS_ON = process.env.SCREENSHOTS === '1';

/** The page as it stands, written next to the test's output when screenshots are asked for. */
export async function screenshot(
  page: Page,
  testInfo: TestInfo,
  file: string,
  { fullPage = false } = {},
): Promise<void> {
  if (SCREENSHOTS_ON) await page.screenshot({ path: testInfo.outputPath(file), fullPage });
}

/** The page at 1440x900 (or `width`) in light and dark, written next to the test's output (the whole page with `fullPage`), when screenshots are asked for. */
export async function screenshotBothThemes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = false, width = 1440 } = {},
): Promise<void> {
  if (!SCREENSHOTS_ON) return;
  await page.setViewportSize({ width, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    await inTheme(page, theme);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage });
  }
  await inTheme(page, 'light');
}
