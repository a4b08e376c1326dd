/**
 * Every console page, in the light and the dark theme, has no serious or critical axe-core
 * violation (in the dark one, of the rules that depend on colour): the dashboard, the stuck
 * queue, each entity's list and one record of each (and a message being processed), the
 * statistics over 30 days with their chart drawn, the bulk jobs list and a job, the audit log, saved views,
 * a page that is not built yet, not-found, sign-in and "admin scope required". The one place the
 * pages are scanned: other specs scan only states of their own (a dialog open, a job run).
 * Several tests, so that a failure names its group and a retry reruns only that group.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ENTITIES as ENTITY_DEFINITIONS } from '../lib/entities/registry';
import { COLOR_RULES, inTheme, seriousA11yViolations, switchTheme, type A11yViolation } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { serviceToken, signIn } from './support';

const ENTITIES = ['users', 'workspaces', 'channels', 'messages', 'notifications', 'domains', 'agents'];
/** The views the entity lists link to (the registry's `views`), and the agents' own pages. */
const VIEWS = [
  ...ENTITY_DEFINITIONS.flatMap((entity) => (entity.views ?? []).map((view) => view.href)),
  '/agents/humans',
  '/agents/mine',
];

test.describe.configure({ timeout: 360_000 });

/** The first record of an entity, from the service itself. */
async function firstRecordId(entity: string): Promise<string> {
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/${entity}?range=${encodeURIComponent('[0,0]')}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status, `${entity} at the service`).toBe(200);
  const [first] = (await response.json()) as { id: string }[];
  if (!first) throw new Error(`no ${entity} in the seed`);
  return first.id;
}

/**
 * A job to look at: the newest one on the jobs page, or, on a fresh stack, a reprocess job over
 * the smallest workspace group of the stuck queue, started through the console.
 */
async function aJobPath(page: Page): Promise<string> {
  await page.goto('/jobs');
  const existing = page.getByTestId('jobs-table').getByRole('link').first();
  if (await existing.isVisible()) return (await existing.getAttribute('href'))!;
  await page.goto('/stuck');
  const groups = page.getByTestId('stuck-workspaces').getByRole('link');
  await expect(groups.first(), 'the stuck queue names its most affected workspaces').toBeVisible();
  const hrefs = await groups.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  await page.goto(hrefs.at(-1)!);
  const count = Number((await page.getByTestId('stuck-count').innerText()).replace(/\D/g, ''));
  await page.getByRole('button', { name: `Remediate all ${count} matching` }).click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await page.getByLabel(`Type ${count} to confirm`).fill(String(count));
  await page.getByRole('button', { name: new RegExp(`^Start job for ${count} message`) }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** An incident to look at: the newest one, or, on a fresh stack, one opened through the form. */
async function anIncidentPath(page: Page): Promise<string> {
  await page.goto('/incidents');
  const existing = page.getByTestId('incidents-table').getByRole('link').first();
  if (await existing.isVisible()) return (await existing.getAttribute('href'))!;
  await page.goto('/incidents/new');
  await page.getByLabel('Title').fill('Accessibility check');
  await page.getByRole('button', { name: 'Open incident' }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** A watch rule's page: the dashboard's rule, made on the stack's first start. */
async function aRulePath(page: Page): Promise<string> {
  await page.goto('/rules');
  return (await page.getByTestId('rules-table').getByRole('link').first().getAttribute('href'))!;
}

/** The signed-in operator's own page on /operators (they are on the list once signed in). */
async function anOperatorPath(page: Page): Promise<string> {
  await page.goto('/operators');
  return (await page.getByTestId('operators-table').getByRole('link').first().getAttribute('href'))!;
}

/** A message being processed, from the service itself (its page shows the most actions). */
async function processingMessageId(): Promise<string> {
  const filter = encodeURIComponent(JSON.stringify({ status: 'processing' }));
  const response = await fetch(
    `${E2E_EMULATOR_URL}/admin/ra/messages?filter=${filter}&range=${encodeURIComponent('[0,0]')}`,
    {
      headers: { authorization: `Bearer ${await serviceToken()}` },
    },
  );
  expect(response.status, 'processing messages at the service').toBe(200);
  const [first] = (await response.json()) as { id: string }[];
  if (!first) throw new Error('no processing message in the seed');
  return first.id;
}

/** Pages whose chart is an island drawn after the page: scanned once it is drawn. */
const CHART_PAGES = new Set(['/statistics?days=30']);

/**
 * Each page loaded once: every rule in the light theme, then the colour rules in the dark one
 * (the themes differ in colours alone), which halves the loads and scans of one pass per theme.
 */
async function scan(page: Page, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  const record = (theme: string, path: string, violations: A11yViolation[]) => {
    for (const v of violations)
      failures.push(`${theme} ${path}: [${v.impact}] ${v.rule} (${v.help})\n    ${v.nodes.join('\n    ')}`);
  };
  for (const path of paths) {
    await inTheme(page, 'light');
    await page.goto(path);
    if (CHART_PAGES.has(path))
      await expect(page.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 30_000 });
    record('light', path, await seriousA11yViolations(page));
    await switchTheme(page, 'dark');
    record('dark', path, await seriousA11yViolations(page, { rules: COLOR_RULES }));
  }
  return failures;
}

/** A page seen by someone else: signed out, or signed in without the admin scope. */
async function asOutsider(browser: Browser, email: string | null, path: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (email) await signIn(page, email);
    return await scan(page, [path]);
  } finally {
    await context.close();
  }
}

/** Signs in as ops and scans the paths; fails listing every violation. */
async function expectClean(page: Page, paths: () => Promise<string[]>): Promise<void> {
  await signIn(page, 'ops@example.com');
  const failures = await scan(page, await paths());
  expect(failures, failures.join('\n')).toEqual([]);
}

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

test('statistics, jobs, audit, approvals, operators, saved views, incidents, rules and not-found have no serious or critical violation, light and dark', async ({
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
    await aRulePath(page),
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
