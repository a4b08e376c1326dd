/**
 * Incident mode end to end: open an incident from a stuck view (its filter becomes the scope),
 * start a bulk reprocess from it, see the job and the operator's actions on its page, add a
 * note, mark it mitigated and resolved, and export the report with all of it. The messages are
 * read back from the emulator.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, SCREENSHOTS_ON, screenshotBothThemes } from './a11y';
import { markdownText } from '../lib/incidents/report';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, serviceRecordName, serviceToken, signIn } from './support';

interface ServiceMessage {
  id: string;
  status: string;
  workspace_guid: string | null;
}

async function serviceMessages(filter: Record<string, unknown>, count = 500): Promise<ServiceMessage[]> {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, count - 1]),
    sort: JSON.stringify(['last_updated_at', 'ASC']),
  });
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/messages?${query}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ServiceMessage[];
}

const STUCK_STATUSES = ['processing', 'initializing', 'inprogress'];

/** A workspace whose stuck messages all recover on reprocess (no poison), two or more of them. */
async function remediableWorkspace(): Promise<{ workspace: string; members: ServiceMessage[] }> {
  const poison = new Set(((await emulatorControl('poison-messages')) as { id: string }[]).map((entry) => entry.id));
  const stuck = await serviceMessages({ status: STUCK_STATUSES, updated_before: Date.now() - 15 * 60_000 });
  const byWorkspace = new Map<string, ServiceMessage[]>();
  for (const message of stuck)
    if (message.workspace_guid)
      byWorkspace.set(message.workspace_guid, [...(byWorkspace.get(message.workspace_guid) ?? []), message]);
  const candidates = [...byWorkspace].filter(
    ([, list]) => list.length >= 2 && list.every((message) => !poison.has(message.id)),
  );
  const [workspace, members] = candidates.sort((a, b) => a[1].length - b[1].length)[0] ?? [];
  if (!workspace || !members) throw new Error('no workspace with two or more remediable stuck messages in the seed');
  return { workspace, members };
}

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await emulatorControl('settings', { body: { reprocessDelayMs: 500 } });
  await signIn(page, 'ops@example.com');
});

test('an incident from a stuck view: remediation job, actions, note, mitigated, resolved, report', async ({
  page,
}, testInfo) => {
  const { workspace, members } = await remediableWorkspace();
  const title = `Stuck uploads in ${workspace}`;

  // Open it from the stuck view: the view's filter is the scope.
  await page.goto(`/stuck?workspace=${workspace}`);
  await expect(page.getByTestId('stuck-count')).toHaveText(`${members.length} matching`);
  await page.getByTestId('stuck-trend-card').getByRole('link', { name: 'Open incident' }).click();
  await expect(page).toHaveURL(/\/incidents\/new\?/);
  await expect(page.getByLabel('Workspace ids (comma-separated)')).toHaveValue(workspace);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Severity').selectOption('sev2');
  await page.getByRole('button', { name: 'Open incident' }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  const incidentPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('incident-title')).toHaveText(title);
  await expect(page.getByTestId('incident-status')).toHaveText('open');
  // The scope by name, its ids on hover.
  const workspaceName = await serviceRecordName('workspaces', workspace);
  expect(workspaceName, 'the seed names its workspaces').not.toBe(workspace);
  await expect(page.getByTestId('incident-scope')).toContainText(`workspaces ${workspaceName}`);
  await expect(page.getByTestId('incident-scope')).toHaveAttribute('title', new RegExp(`^workspaces ${workspace}\\b`));
  // By name, the id on hover and in the link.
  await expect(page.getByTestId('affected-then').locator(`[data-workspace-id="${workspace}"]`)).toHaveAttribute(
    'title',
    workspace,
  );

  // Start a bulk reprocess from it: the stuck queue opens on the scope, linked to the incident.
  await page.getByTestId('incident-remediate-link').click();
  await expect(page).toHaveURL(/\/stuck\?.*incident=/);
  await expect(page.getByTestId('stuck-incident-banner')).toContainText(title);
  await expect(page.getByTestId('stuck-count')).toHaveText(`${members.length} matching`);
  await page.getByRole('button', { name: `Remediate all ${members.length} matching` }).click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-count')).toHaveText(String(members.length));
  await page.getByLabel(`Type ${members.length} to confirm`).fill(String(members.length));
  await page.getByRole('button', { name: `Start job for ${members.length} messages` }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const jobId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('job-status')).toHaveText('completed', { timeout: 60_000 });
  // The service finished the messages.
  const after = await serviceMessages({ id: members.map((member) => member.id) });
  for (const message of after)
    expect(STUCK_STATUSES, `${message.id} left the stuck statuses`).not.toContain(message.status);

  // The incident page shows the job with its outcome and the operator's actions.
  await page.goto(incidentPath);
  const jobs = page.getByTestId('incident-jobs');
  await expect(jobs.getByRole('link', { name: jobId.slice(0, 8) })).toBeVisible();
  await expect(jobs).toContainText(`${members.length} / ${members.length}`);
  await expect(jobs).toContainText('completed');
  const actions = page.getByTestId('incident-actions');
  for (const action of ['incident.open', 'job.start', 'incident.link_job']) await expect(actions).toContainText(action);
  await expect(actions).toContainText('ops@example.com');
  // The sampler takes the scope's minutes from the first tick (every 15 s) after the incident opened.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('incident-trend-panel')).toContainText(/\d+ samples?\b/, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  // The chart's numbers as a table, rendered when the disclosure opens: a row per minute of the
  // page's own samples and gaps (the axe check below runs with it open).
  const trendPanel = page.getByTestId('incident-trend-panel');
  const described = (await trendPanel.getByText(/\d+ samples?\b/).textContent()) ?? '';
  const shownMinutes =
    Number(/(\d+) samples?\b/.exec(described)?.[1]) + Number(/(\d+) gaps?\b/.exec(described)?.[1] ?? 0);
  await expect(trendPanel.locator('table')).toHaveCount(0);
  await trendPanel.getByText("The chart's numbers as a table").click();
  await expect(trendPanel.getByRole('table', { name: /by the minute \(UTC\)$/ }).locator('tbody tr')).toHaveCount(
    shownMinutes,
  );

  // A note, then mitigated and resolved, each on the timeline with its operator.
  const note = 'Transcoder restarted then queue draining';
  await page.getByLabel(/New note/).fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('timeline-note')).toContainText(note);
  await page.getByRole('button', { name: 'Mark mitigated' }).click();
  await expect(page.getByTestId('incident-status')).toHaveText('mitigated');
  await expect(page.getByTestId('incident-ttm')).not.toHaveText('not yet');
  await page.getByLabel(/^Resolution summary/).fill('Queue drained after the restart');
  await page.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByTestId('incident-status')).toHaveText('resolved');
  await expect(page.getByTestId('timeline-note').filter({ hasText: 'Resolution:' })).toContainText(
    'Queue drained after the restart',
  );
  await expect(page.getByTestId('incident-ttr')).not.toHaveText('not yet');
  await expect(page.getByTestId('timeline-status')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  // The chart is an island drawn after the page: shoot it drawn.
  await expect(page.getByTestId('incident-trend-panel').locator('.recharts-surface')).toBeVisible();
  await screenshotBothThemes(page, testInfo, 'incident', { fullPage: true });
  if (SCREENSHOTS_ON) {
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, testInfo, 'incident-print.png', { fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  }

  // The report has the job, the note and the status changes.
  const reportHref = await page.getByTestId('incident-report-link').getAttribute('href');
  const report = await page.request.get(reportHref!);
  expect(report.status()).toBe(200);
  expect(report.headers()['content-type']).toContain('text/markdown');
  const markdown = await report.text();
  expect(markdown).toContain('# Incident report: Stuck uploads in');
  expect(markdown).toContain(`- Scope: workspaces ${markdownText(`${workspaceName} (${workspace})`)}`);
  expect(markdown).toContain(`| ${jobId} | Reprocess | completed | ${members.length} / ${members.length} |`);
  expect(markdown).toContain(`> ${note}`);
  expect(markdown).toMatch(/\| mitigated \| ops@example\\\.com \|/);
  expect(markdown).toMatch(/\| resolved \| ops@example\\\.com \|/);
  expect(markdown).toMatch(/- Time to resolve: \d+ min/);
  expect(markdown).toContain('job\\.start');

  // The list has it, with its counts.
  await page.goto('/incidents');
  const row = page.locator(`[data-testid="incident-row"][data-incident-id="${incidentPath.split('/').pop()}"]`);
  await expect(row).toContainText('resolved');
  await expect(row).toContainText(`workspaces ${workspaceName}`);
  // Notes / jobs: the note and the resolution's summary, and the job.
  await expect(row).toContainText('2 / 1');
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'incidents-list');
  await page.goto('/');
  await expect(page.getByTestId('stuck-trend-card').locator('.recharts-surface')).toBeVisible();
  // The e2e stack has sampled for minutes, not a day: the card says from when its chart runs.
  await expect(page.getByTestId('trend-sampled-since')).toHaveText(
    /^No samples before \d{4}-\d\d-\d\d \d\d:\d\d UTC \(the console was not sampling\): the chart starts there\.$/,
  );
  await screenshotBothThemes(page, testInfo, 'dashboard', { fullPage: true });
});

test('support opens an incident and adds notes but cannot change its status', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, 'support@example.com', '/incidents/new');
    await page.getByLabel('Title').fill('Support-opened incident');
    await page.getByRole('button', { name: 'Open incident' }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('incident-scope')).toHaveText('the whole service');
    await expect(page.getByRole('button', { name: 'Mark mitigated' })).toBeDisabled();
    await expect(page.getByText('Needs the ops role; you are support.').first()).toBeVisible();
    await page.getByLabel(/New note/).fill('First responder note');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByTestId('timeline-note')).toContainText('First responder note');
  } finally {
    await context.close();
  }
});
