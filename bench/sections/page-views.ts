/**
 * Page views in a browser against the page's document alone (measured as users feel
 * it). The other server sections load pages over HTTP, so they never see what a page makes the
 * browser ask after it loads: link prefetches, re-reads, API calls. Until this section existed,
 * each page load in Chromium sent dozens of prefetch requests, each costing real server CPU, that
 * no budget saw. For each page, in pairs: a page view in Chromium (a fresh page in one warm context,
 * loaded and left idle for a moment, as an operator reading it would), then a fetch of the same
 * document with the session cookie; the console's process CPU during each, and the requests a
 * view sent besides its document and static files. The console works in the background too
 * (the job runner's and samplers' polling, a little CPU every second idle), and a view takes
 * its browser about half a second besides its idle time: each fetch is followed by idle time
 * until it has lasted as long as the view it is paired with, so both sides carry the same
 * background. Idling both sides for one fixed time would give each view more background than its
 * document, and the sampler's periodic bursts would make single rounds swing by more than the
 * budget.
 * Budget: the median over the pairs of (view - document) at most 25 ms of server CPU. With no
 * other request at all a browser's navigation costs a little more than a bare fetch of the same
 * document, well within the budget; the prefetch storm this guards against cost many times it
 * (figures in docs/bench.md).
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { budgetRow, median, round1, type BudgetRow, type BudgetSpec } from '../budgets';
import type { BenchContext, BenchSection } from '../context';
import { CHROMIUM_LOOPBACK_ONLY, chromiumPath } from '../../scripts/system-packages';
import { processCpuMs } from '../process-cpu';

const PAGES = ['/messages', '/stuck?refresh=0', '/approvals', '/'];
const VIEWS = Math.max(2, Number(process.env.BENCH_PAGE_VIEWS ?? 6));
/** How long a view stays open after its load event: what a page asks for when idle goes out by then. */
const IDLE_MS = 2_000;

/** The console's CPU during `work`, in ms, and how long `work` took. */
async function cpuDuring(context: BenchContext, work: () => Promise<void>): Promise<{ cpu: number; wallMs: number }> {
  const before = processCpuMs(context.consolePid);
  const started = performance.now();
  await work();
  return { cpu: processCpuMs(context.consolePid) - before, wallMs: performance.now() - started };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One view: a new page in the warm context, loaded, left idle, closed; and the console requests it sent besides its document and static files. */
async function view(
  context: BenchContext,
  browserContext: BrowserContext,
  path: string,
  extra: string[],
): Promise<void> {
  const page = await browserContext.newPage();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.origin === context.consoleUrl &&
      !request.isNavigationRequest() &&
      !url.pathname.startsWith('/_next/static/')
    )
      extra.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`${context.consoleUrl}${path}`, { waitUntil: 'load', timeout: 30_000 });
  await page.waitForTimeout(IDLE_MS);
  await page.close();
}

/** One document fetch, then idle until `wallMs` has passed: the same background time as the view it is paired with. */
async function documentFetch(context: BenchContext, path: string, wallMs: number): Promise<void> {
  const started = performance.now();
  await (await fetch(`${context.consoleUrl}${path}`, { headers: { cookie: context.cookie } })).text();
  await sleep(Math.max(0, wallMs - (performance.now() - started)));
}

export const pageViewsSection: BenchSection = {
  name: 'page-views',
  async run(context) {
    const browser = await chromium.launch({
      executablePath: chromiumPath(process.env),
      args: [CHROMIUM_LOOPBACK_ONLY],
    });
    const rows: BudgetRow[] = [];
    const details: Record<string, unknown> = {};
    try {
      const browserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const separator = context.cookie.indexOf('=');
      await browserContext.addCookies([
        {
          name: context.cookie.slice(0, separator),
          value: context.cookie.slice(separator + 1),
          url: context.consoleUrl,
        },
      ]);
      for (const path of PAGES) {
        context.log(`page views: ${path}, ${VIEWS} pairs of a view in Chromium and a fetch of its document…`);
        await view(context, browserContext, path, []);
        await documentFetch(context, path, 0);
        const pairs: { viewMs: number; documentMs: number }[] = [];
        const extra: string[] = [];
        for (let index = 0; index < VIEWS; index++) {
          const shown = await cpuDuring(context, () => view(context, browserContext, path, extra));
          const fetched = await cpuDuring(context, () => documentFetch(context, path, shown.wallMs));
          pairs.push({ viewMs: shown.cpu, documentMs: fetched.cpu });
        }
        const viewMs = median(pairs.map((pair) => pair.viewMs));
        const documentMs = median(pairs.map((pair) => pair.documentMs));
        const added = median(pairs.map((pair) => pair.viewMs - pair.documentMs));
        const extraRequests = extra.length / VIEWS;
        const examples = [...new Set(extra)].slice(0, 5);
        const spec: BudgetSpec = {
          id: `page-views.${path}`,
          title: `page view in Chromium - its document, server CPU, ${path}`,
          comparison: 'at-most',
          limit: 25,
          unit: 'ms',
        };
        rows.push(
          budgetRow(spec, round1(added), {
            anchor: `document ${round1(documentMs)} ms, view ${round1(viewMs)} ms`,
            note: `median of ${VIEWS} pairs; ${extraRequests} other console requests per view${examples.length ? ` (${examples.join(', ')})` : ''}`,
          }),
        );
        details[path] = { pairs, extraRequests, examples };
      }
    } finally {
      await browser.close();
    }
    return { rows, details };
  },
};
