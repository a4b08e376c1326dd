/**
 * The other pages (statistics over 30 days with their chart drawn, jobs and a job, the audit log,
 * approvals, operators, incidents, saved views, watch rules, notification channels and one
 * channel, a page that is not built yet, not-found, sign-in and "admin scope required") and the
 * jump box's matches, the workspace picker and the shortcuts dialog: no serious or critical
 * axe-core violation, in the light and the dark theme. The rest of the pages are in
 * accessibility.spec.ts.
 */
import { expect, test } from '@playwright/test';
import {
  aChannelPath,
  aJobPath,
  anIncidentPath,
  aRulePath,
  anOperatorPath,
  asOutsider,
  expectClean,
} from './a11y-pages';
import { COLOR_RULES, seriousA11yViolations, switchTheme } from './a11y';
import { signIn } from './support';

test.describe.configure({ timeout: 360_000 });

test('statistics, jobs, audit, approvals, operators, saved views, incidents, rules, notification channels and not-found have no serious or critical violation, light and dark', async ({
  page,
}) => {
  await expectClean(page, async () => [
    '/statistics',
    '/statistics?days=30',
    '/jobs',
    await aJobPath(page),
    '/audit',
    '/approvals',
    '/operators',
    await anOperatorPath(page),
    '/views',
    '/no-such-area',
    '/incidents',
    '/incidents/new',
    await anIncidentPath(page),
    '/rules',
    '/rules/new',
    ...(await aRulePath(page).then((rule) => [rule, `${rule}/edit`])),
    '/notification-channels',
    '/notification-channels/new',
    await aChannelPath(page),
    '/notification-channels?result=failed',
  ]);
});

test('sign-in and "admin scope required" have no serious or critical violation, light and dark', async ({
  browser,
}) => {
  const failures = [
    ...(await asOutsider(browser, null, '/signin')),
    ...(await asOutsider(browser, 'member@example.com', '/admin-scope-required')),
  ];
  expect(failures, failures.join('\n')).toEqual([]);
});

test("the jump box's matches, the stuck queue's workspace picker and the shortcuts dialog have no serious or critical violation, light and dark", async ({
  page,
}) => {
  await signIn(page, 'ops@example.com', '/stuck');
  const workspaceName = (await page.getByTestId('stuck-workspaces').getByRole('link').first().innerText()).trim();
  const failures: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    const check = async (state: string) => {
      const violations = await seriousA11yViolations(page, theme === 'dark' ? { rules: COLOR_RULES } : undefined);
      for (const v of violations) failures.push(`${theme} ${state}: [${v.impact}] ${v.rule} (${v.help})`);
    };
    const box = page.getByRole('combobox', { name: 'Jump to id, e-mail or name' });
    await box.fill('ops@exa');
    await expect(page.getByRole('listbox', { name: 'Matching records' })).toBeVisible();
    await check('jump matches');
    await box.press('Escape');
    const picker = page.getByRole('combobox', { name: 'Workspace by name' });
    await picker.fill(workspaceName.slice(0, 12));
    await expect(page.getByRole('listbox', { name: 'Workspace by name: matches' })).toBeVisible();
    await check('workspace picker');
    await picker.press('Escape');
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await check('shortcuts dialog');
    await page.keyboard.press('Escape');
  }
  expect(failures, failures.join('\n')).toEqual([]);
});
