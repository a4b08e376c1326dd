/**
 * A watch rule end to end against the emulator: a support operator makes "above 5 for 1 minute"
 * on messages stuck in `paused` (after a minute) in one workspace, from the stuck view's "Watch
 * this", opening an incident; six messages are paused at the service and the rule goes pending,
 * then firing a minute later, with an incident opened and linked both ways; they are set active
 * again and the rule resolves, noted on the incident; a silence made before the next crossing
 * keeps that firing from being notified.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_EMULATOR_URL } from './stack';
import { serviceList, serviceToken, signIn } from './support';

/** The rule's stuck threshold: a paused message counts a minute after its last update. */
const THRESHOLD_MINUTES = 1;
/** Names this run's rule apart from earlier runs' (the e2e console database is kept between runs). */
const RUN = Date.now().toString(36);
/** What the rule's condition needs: a minute stuck, then a minute above the line. */
const CROSSING_MS = 2 * 60_000 + 40_000;

/**
 * A workspace with twelve active messages to pause (six per crossing) and as few paused ones as
 * any; those are set active first, so that the rule's count starts at zero.
 */
async function workspaceToWatch(): Promise<{ workspace: string; first: string[]; second: string[] }> {
  const { rows } = await serviceList('messages', { range: [0, 999], filter: { status: ['active'] } });
  const byWorkspace = new Map<string, string[]>();
  for (const row of rows) {
    const workspace = row.workspace_guid;
    if (typeof workspace !== 'string') continue;
    byWorkspace.set(workspace, [...(byWorkspace.get(workspace) ?? []), row.id]);
  }
  let best: { workspace: string; ids: string[]; paused: string[] } | null = null;
  for (const [workspace, ids] of byWorkspace) {
    if (ids.length < 12) continue;
    const paused = await serviceList('messages', {
      range: [0, 99],
      filter: { status: ['paused'], workspace_guid: workspace },
    });
    if (!best || paused.total < best.paused.length) best = { workspace, ids, paused: paused.rows.map((row) => row.id) };
    if (paused.total === 0) break;
  }
  if (!best) throw new Error('no workspace with twelve active messages in the seed');
  await setStatus(best.paused, 'active');
  return { workspace: best.workspace, first: best.ids.slice(0, 6), second: best.ids.slice(6, 12) };
}

async function setStatus(ids: string[], status: string): Promise<void> {
  const token = await serviceToken();
  for (const id of ids) {
    const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/message/${id}/status/${status}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, `setting ${id} ${status}`).toBe(200);
  }
}

/** Reloads the rule's page until its state is `state`. */
async function expectState(page: Page, state: string, timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.getByTestId('rule-state').innerText()).trim();
      },
      { timeout, intervals: [2_000] },
    )
    .toBe(state);
}

test('a rule goes pending, fires with an incident, resolves with a note, and a silence keeps the next firing quiet', async ({
  page,
}) => {
  test.setTimeout(9 * 60_000);
  const { workspace, first, second } = await workspaceToWatch();
  // Paused now: stuck a minute from now, in the rule's scope.
  await setStatus(first, 'paused');

  await signIn(
    page,
    'support@example.com',
    `/stuck?threshold=${THRESHOLD_MINUTES}&status=paused&workspace=${workspace}`,
  );
  await page.getByTestId('stuck-trend-card').getByRole('link', { name: 'Watch this' }).click();
  await expect(page).toHaveURL(/\/rules\/new\?/);
  await expect(page.getByLabel('Workspace ids (comma-separated)')).toHaveValue(workspace);
  await expect(page.getByRole('checkbox', { name: 'paused' })).toBeChecked();
  await expect(page.getByLabel(/^Stuck after/)).toHaveValue(String(THRESHOLD_MINUTES));
  const name = `Paused in ${workspace} ${RUN}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Above (messages)').fill('5');
  await page.getByLabel(/^For \(minutes/).fill('1');
  await page.getByRole('checkbox', { name: /Open an incident/ }).check();
  await page.getByLabel('Incident severity').selectOption('sev3');
  await page.getByRole('button', { name: 'Make the rule' }).click();
  await expect(page).toHaveURL(/\/rules\/[0-9a-f-]{36}$/);
  const rulePath = new URL(page.url()).pathname;
  await expect(page.getByTestId('rule-name')).toHaveText(name);
  await expect(page.getByTestId('rule-condition')).toContainText('above 5 for 1 minute');

  // Six paused messages become stuck a minute after the pause: pending, then firing a minute on.
  await expectState(page, 'pending', CROSSING_MS);
  await expect(page.getByTestId('rule-last-count')).toHaveText('6');
  await expectState(page, 'firing', CROSSING_MS);
  const firing = page.getByTestId('rule-transition').and(page.locator('[data-to="firing"]'));
  await expect(firing).toHaveCount(1);
  await expect(firing.getByRole('cell').nth(4)).toHaveText('yes');
  await expect(page.locator('#main-content .recharts-surface')).toBeVisible();

  // The incident it opened, linked both ways.
  const incidentLink = page.getByTestId('rule-incident-link');
  await expect(incidentLink).toHaveCount(1);
  await expect(incidentLink).toContainText(name);
  await incidentLink.click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  const incidentPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('incident-rule-link')).toHaveText(name);
  await expect(page.getByTestId('incident-scope')).toContainText(workspace);

  // Back below the line (past the margin of 0): resolved, with a note on the incident.
  await setStatus(first, 'active');
  await page.goto(rulePath);
  await expectState(page, 'resolved', 30_000);
  await page.goto(incidentPath);
  await expect(page.getByText(`The watch rule “${name}” resolved: the count is 0`)).toBeVisible();

  // A silence before the next crossing: it still fires, but nothing is notified.
  await page.goto(rulePath);
  await page.getByLabel('Reason', { exact: true }).fill('planned maintenance of the paused queue');
  await page.getByRole('button', { name: 'Silence' }).click();
  await expect(page.getByTestId('rule-silenced')).toBeVisible();
  await expect(page.getByTestId('rule-silence')).toContainText('support@example.com');
  await setStatus(second, 'paused');
  await expectState(page, 'firing', CROSSING_MS + 30_000);
  const firings = page.getByTestId('rule-transition').and(page.locator('[data-to="firing"]'));
  await expect(firings).toHaveCount(2);
  // Newest first: the silenced one, then the first one notified.
  await expect(firings.nth(0).getByRole('cell').nth(4)).toHaveText('no: silenced');
  await expect(firings.nth(1).getByRole('cell').nth(4)).toHaveText('yes');
  await expect(page.getByTestId('rule-suppressed')).toContainText('A silence kept 1 change');
  // Still one incident for the first episode, and one for this one (the rule opens one per firing).
  await expect(page.getByTestId('rule-incident-link')).toHaveCount(2);

  // The rule leads the dashboard while it fires, and the sidebar counts it.
  await page.goto('/?refresh=0');
  await expect(page.getByTestId('dashboard-rule').filter({ hasText: name })).toContainText('firing');
  await expect(page.getByRole('link', { name: /^Rules \(\d+ firing\)/ })).toBeVisible();
  await setStatus(second, 'active');
});
