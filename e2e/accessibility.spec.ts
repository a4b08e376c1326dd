/**
 * The dashboard, the stuck queue, each entity's list and one record of each (and a message being
 * processed), and the views the lists link to: no serious or critical axe-core violation, in the
 * light and the dark theme (in the dark one, of the rules that depend on colour). With
 * accessibility-pages.spec.ts, the one place the pages are scanned: other specs scan only states of
 * their own (a dialog open, a job run). Several tests, so that a failure names its group and a
 * retry reruns only that group; two files, so that the runs side by side can share them.
 */
import { expect, test } from '@playwright/test';
import { ENTITIES, VIEWS, firstRecordId, processingMessageId, expectClean } from './a11y-pages';
import { COLOR_RULES, seriousA11yViolations } from './a11y';

test.describe.configure({ timeout: 360_000 });

test('the dashboard, the stuck queue and every entity list have no serious or critical violation, light and dark', async ({
  page,
}) => {
  await expectClean(page, async () => [
    '/',
    '/?refresh=0',
    '/stuck',
    '/stuck?refresh=0',
    ...ENTITIES.map((entity) => `/${entity}`),
  ]);
});

test('one record of each entity and a message being processed have no serious or critical violation, light and dark', async ({
  page,
}) => {
  await expectClean(page, async () => [
    ...(await Promise.all(
      ENTITIES.map(async (entity) => `/${entity}/${encodeURIComponent(await firstRecordId(entity))}`),
    )),
    `/messages/${encodeURIComponent(await processingMessageId())}`,
  ]);
});

test("the entity lists' views have no serious or critical violation, light and dark", async ({ page }) => {
  await expectClean(page, async () => VIEWS);
});

test('the scan reports what a page gets wrong, in the page and in its frames, and the colour rules alone when asked', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><head><title>Broken on purpose</title></head><body><main><h1>Broken</h1>' +
      '<img src="chart.png"><button></button><p style="color:#777;background:#888">Low contrast</p>' +
      '<iframe srcdoc="<button></button>"></iframe></main></body></html>',
  );
  const all = await seriousA11yViolations(page);
  expect(all.map((violation) => [violation.rule, violation.nodes.length]).sort()).toEqual([
    ['button-name', 2],
    ['color-contrast', 1],
    ['frame-title', 1],
    ['image-alt', 1],
  ]);
  const colour = await seriousA11yViolations(page, { rules: COLOR_RULES });
  expect(colour.map((violation) => violation.rule)).toEqual(['color-contrast']);
});
