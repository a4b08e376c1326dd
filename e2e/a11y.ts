/**
 * Accessibility checks for the browser tests: axe-core in the page as it stands, failing on any
 * serious or critical violation (WCAG 2.x A and AA rules). Call it on every page a spec adds,
 * in both themes (`inTheme`), and screenshot it to look at (`screenshotBothThemes`, on demand).
 */
import axe, { type AxeResults, type RunOptions } from 'axe-core';
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

/**
 * Waits until nothing is loading and nothing is still moving in (a dialog fades and zooms in: mid
 * way, its text is fainter than the operator ever reads it), so the scan sees the page the
 * operator sees. Endless animations (a spinner) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The axe rules whose outcome depends on colours: the only ones a change of theme can change, as
 * the themes differ in colours alone (the same DOM, a `dark` class on the root).
 */
export const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/** The WCAG 2.x A and AA rules: every rule a scan runs unless it names its own. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core in the page itself, after putting it in each frame that lacks it (a second scan
 * of the same page, the dark theme's, finds it there); from the top frame, axe reaches into the
 * others itself. Axe's own Playwright runner injected its source twice a scan, finished every
 * scan in a blank page of its own and sent back each rule's passing elements as well: far more
 * of the browser's and the test's CPU, for the same violations.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axe.source);
    // The frames answer the top frame's axe whatever their origin, as with axe's own runner.
    await frame.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
    );
  }
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}

/**
 * The serious and critical axe-core violations on the page as it stands: of every WCAG 2.x A and
 * AA rule, or of the given rules only.
 */
export async function seriousA11yViolations(
  page: Page,
  { rules }: { rules?: readonly string[] } = {},
): Promise<A11yViolation[]> {
  await settled(page);
  const { violations } = await runAxe(page, {
    runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: WCAG_TAGS },
    // Only the violations are read: the other groups keep one element per rule, not every one.
    resultTypes: ['violations'],
  });
  return violations
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

/** The page at 1440x900 (or the width given) in light and dark, written next to the test's output (the whole page with `fullPage`), when screenshots are asked for. */
export async function screenshotBothThemes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = false, width = 1440, height = 900 } = {},
): Promise<void> {
  if (!SCREENSHOTS_ON) return;
  await page.setViewportSize({ width, height });
  for (const theme of ['light', 'dark'] as const) {
    await inTheme(page, theme);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage });
  }
  await inTheme(page, 'light');
}
