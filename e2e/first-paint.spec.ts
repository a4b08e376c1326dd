/**
 * Rows that are ready when the HTML is sent are in its first paint: a list
 * page's document carries its rows in the table itself, not in a hidden streamed segment that
 * React swaps in later (`<div hidden id="S:…">` revealed by `$RC`, after its fallback throttle),
 * and the browser's first contentful paint already shows a row. The rows are the service's own
 * first page, read back from the emulator. And a loaded page asks the server for nothing more
 * until the operator clicks: no link prefetches (components/link.tsx), and no icon request (the
 * tab icon is inline, components/shell/console-icon.ts).
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { FIRST_ROW_KEY, FIRST_ROW_PROBE, firstPaintShowsRow } from '../bench/first-row-probe';
import { findEntity } from '../lib/entities/registry';
import { E2E_EMULATOR_URL } from './stack';
import { serviceToken, signIn } from './support';

/** The first page of an entity at the service, in the list's default order. */
async function firstPageIds(entity: string): Promise<string[]> {
  const sort = findEntity(entity)?.defaultSort;
  expect(sort, `${entity} has a default order`).toBeTruthy();
  const query = new URLSearchParams({
    sort: JSON.stringify([sort!.field, sort!.order.toUpperCase()]),
    range: JSON.stringify([0, 24]),
  });
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/${entity}?${query}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }[]).map((record) => record.id);
}

/** The first row's painted time (the bench's probe) and the first contentful paint, ms since navigation. */
async function paintTimes(
  page: Page,
  path: string,
): Promise<{ firstRow: number; firstContentfulPaint: number | null }> {
  await page.addInitScript(FIRST_ROW_PROBE);
  await page.goto(path);
  await page.waitForFunction((key) => (window as unknown as Record<string, unknown>)[key] !== undefined, FIRST_ROW_KEY);
  return page.evaluate(
    (key) => ({
      firstRow: Number((window as unknown as Record<string, unknown>)[key]),
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }),
    FIRST_ROW_KEY,
  );
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

for (const entity of ['messages', 'users']) {
  test(`the ${entity} list's HTML carries its rows in the table, outside any streamed segment`, async ({ page }) => {
    const ids = await firstPageIds(entity);
    expect(ids.length).toBeGreaterThan(0);
    const response = await page.request.get(`/${entity}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const table = html.indexOf('<tbody');
    expect(table, 'a table body in the document').toBeGreaterThan(0);
    const rows = html.slice(table, html.indexOf('</tbody>', table));
    expect(rows).toContain(`data-row-id="${ids[0]}"`);
    // No hidden segment is opened before the rows (the rows would wait for React to reveal them).
    expect(html.slice(0, table)).not.toMatch(/<div hidden id="S:/);
    expect(html.slice(0, table)).not.toContain('<template id="B:');
    // The browser holds its first paint until an element after the rows is parsed.
    const expected = /<link[^>]*rel="expect"[^>]*href="#([^"]+)"/.exec(html)?.[1];
    expect(expected, 'a render-blocking expect link').toBeTruthy();
    expect(html.indexOf(`id="${expected}"`), 'the expected element comes after the rows').toBeGreaterThan(
      html.indexOf('</tbody>', table),
    );
  });
}

/** CPU slowdown for the paint test: the parser then stops part way through the page, as on a busy machine. */
const SLOW_CPU_RATE = 6;
const SLOW_LOADS = 6;

test('the first contentful paint of the messages list shows its rows, also on a slow machine', async ({
  page,
  context,
}) => {
  // Same frame: the row's text is presented with the first contentful paint, not after it.
  const times = await paintTimes(page, '/messages');
  expect(times.firstContentfulPaint, 'a first contentful paint').not.toBeNull();
  expect(
    firstPaintShowsRow(times),
    `first row ${times.firstRow} ms, first contentful paint ${times.firstContentfulPaint} ms`,
  ).toBe(true);
  // With the block lifted at the start of <main>, a slowed browser painted the page's header
  // without its rows first in some of these loads.
  for (let load = 0; load < SLOW_LOADS; load++) {
    const slow = await context.newPage();
    const cdp = await context.newCDPSession(slow);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU_RATE });
    const slowed = await paintTimes(slow, '/messages');
    expect(
      firstPaintShowsRow(slowed),
      `slowed load ${load + 1}: first row ${slowed.firstRow} ms, first contentful paint ${slowed.firstContentfulPaint} ms`,
    ).toBe(true);
    await slow.close();
  }
});

test('a page load sends no prefetches: the sidebar, tabs and row links fetch a page only when clicked', async ({
  page,
}) => {
  const rscRequests: string[] = [];
  page.on('request', (request) => {
    const headers = request.headers();
    if (headers['next-router-prefetch'] || headers.rsc) rscRequests.push(request.url());
  });
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/stuck?refresh=0');
  await expect(page.getByTestId('stuck-row').first()).toBeVisible();
  // Prefetches go out once the page is idle and its links are on screen.
  await page.waitForTimeout(2_000);
  expect(rscRequests).toEqual([]);
  // A click still navigates on the client, fetching that page only.
  await page.locator('aside').getByRole('link', { name: 'Bulk jobs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bulk jobs');
  expect(rscRequests.map((url) => new URL(url).pathname)).toEqual(['/jobs']);
});

/** A TCP relay to the console on a port of its own, noting the path of every request it carries. */
async function requestLoggingRelay(target: URL): Promise<{ origin: string; paths: string[]; close: () => void }> {
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) sockets.add(socket);
    client.on('data', (data) => {
      for (const match of data.toString('latin1').matchAll(/^[A-Z]+ (\S+) HTTP\/1\.1\r$/gm)) paths.push(match[1]!);
      upstream.write(data);
    });
    upstream.on('data', (data) => client.write(data));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    paths,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

test('a page load asks the server for no icon: the tab icon is inline, not a /favicon.ico the console renders as a 404', async ({
  page,
  baseURL,
}) => {
  // A browser asks a new origin for its icon once; the relay is a new origin with the same cookies.
  const relay = await requestLoggingRelay(new URL(baseURL!));
  try {
    await page.goto(`${relay.origin}/approvals`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
    // The icon is asked for after the load event.
    await page.waitForTimeout(1_500);
    expect(relay.paths.filter((path) => !path.startsWith('/_next/static/'))).toEqual(['/approvals']);
  } finally {
    relay.close();
  }
});
