/**
 * What the accessibility specs share: the pages to scan and how (each page loaded once, every
 * rule in the light theme, then the colour rules in the dark one), and the records they need.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { ENTITIES as ENTITY_DEFINITIONS } from '../lib/entities/registry';
import { COLOR_RULES, inTheme, seriousA11yViolations, switchTheme, type A11yViolation } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { serviceToken, signIn } from './support';

export const ENTITIES = ['users', 'workspaces', 'channels', 'messages', 'notifications', 'domains', 'agents'];
/** The views the entity lists link to (the registry's `views`), and the agents' own pages. */
export const VIEWS = [
  ...ENTITY_DEFINITIONS.flatMap((entity) => (entity.views ?? []).map((view) => view.href)),
  '/agents/humans',
  '/agents/mine',
];

/** The first record of an entity, from the service itself. */
export async function firstRecordId(entity: string): Promise<string> {
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
export async function aJobPath(page: Page): Promise<string> {
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
export async function anIncidentPath(page: Page): Promise<string> {
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
export async function aRulePath(page: Page): Promise<string> {
  await page.goto('/rules');
  return (await page.getByTestId('rules-table').getByRole('link').first().getAttribute('href'))!;
}

/** The signed-in operator's own page on /operators (they are on the list once signed in). */
export async function anOperatorPath(page: Page): Promise<string> {
  await page.goto('/operators');
  return (await page.getByTestId('operators-table').getByRole('link').first().getAttribute('href'))!;
}

/**
 * A notification channel's page: the first on /notification-channels, or one made through the
 * form (a webhook to a loopback port nothing listens on: the page is scanned, nothing is sent).
 */
export async function aChannelPath(page: Page): Promise<string> {
  await page.goto('/notification-channels');
  const existing = page.getByTestId('notification-channels-table').getByRole('link').first();
  if (await existing.isVisible()) return (await existing.getAttribute('href'))!;
  await page.goto('/notification-channels/new');
  const form = page.getByRole('form', { name: 'New channel' });
  await form.getByLabel('Name', { exact: true }).fill('Accessibility scan hook');
  await form.getByLabel('Kind', { exact: true }).selectOption('webhook');
  await form.getByLabel(/^URL/).fill('http://127.0.0.1:9/hook');
  await form.getByLabel(/^Signing secret/).fill('accessibility-scan-signing-secret');
  await page.getByRole('button', { name: 'Create channel' }).click();
  await expect(page).toHaveURL(/\/notification-channels\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** A message being processed, from the service itself (its page shows the most actions). */
export async function processingMessageId(): Promise<string> {
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
export async function scan(page: Page, paths: string[]): Promise<string[]> {
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
export async function asOutsider(browser: Browser, email: string | null, path: string): Promise<string[]> {
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
export async function expectClean(page: Page, paths: () => Promise<string[]>): Promise<void> {
  await signIn(page, 'ops@example.com');
  const failures = await scan(page, await paths());
  expect(failures, failures.join('\n')).toEqual([]);
}
