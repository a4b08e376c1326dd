/**
 * Page views in a browser against the page's document alone (issue 17: measured as users feel
 * it). The other server sections load pages over HTTP, so they never see what a page makes the
 * browser ask after it loads: link prefetches, re-reads, API calls. Until this section existed,
 * each page load in Chromium sent about 30 prefetch requests (8-12 ms of server CPU each) that no
 * budget saw. For each page: the console's process CPU per document request (sequential fetches
 * with the session cookie), then per page view in Chromium (a fresh page in one warm context,
 * loaded and left idle for a moment, as an operator reading it would), and the requests a view
 * sent to the console besides its document and static files. The console works in the
 * background too (the job runner's and samplers' polling, 5-30 ms of CPU a second): each document
 * fetch is followed by the same idle time as a view, so both sides carry it alike.
 * Budget: a page view costs the server at most 25 ms of CPU more than its document. With no
 * other request at all a browser's navigation still measured 1-16 ms more than a bare fetch of
 * the same document (its headers, the session's activity, a slower reader); the prefetch storm
 * this guards against was 175-294 ms. The background's own bursts (a sampler's read every 15 s)
 * only ever add, so each side is the least of its rounds, not their median.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { budgetRow, median, round1, type BudgetRow, type BudgetSpec } from '../budgets';
import type { BenchContext, BenchSection } from '../context';
import { processCpuMs } from '../process-cpu';

const PAGES = ['/messages', '/stuck?refresh=0', '/approvals', '/'];
const VIEWS = Math.max(2, Number(process.env.BENCH_PAGE_VIEWS ?? 6));
/** How long a view stays open after its load event: what a page asks for when idle goes out by then. */
const IDLE_MS = 2_000;

/** The console's CPU during `work`, in ms. */
async function cpuDuring(context: BenchContext, work: () => Promise<void>): Promise<number> {
  const before = processCpuMs(context.consolePid);
  await work();
  return processCpuMs(context.consolePid) - before;
}

/** Server CPU per document fetch, each followed by a view's idle time. */
async function documentCpu(context: BenchContext, path: string): Promise<number> {
  const load = async () => void (await (await fetch(`${context.consoleUrl}${path}`, { headers: { cookie: context.cookie } })).text());
  await load();
  return (await cpuDuring(context, async () => {
    for (let index = 0; index < VIEWS; index++) {
      await load();
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    }
  })) / VIEWS;
}

/** Server CPU per view and the console requests per view other than the document and static files. */
async function viewCpu(context: BenchContext, browserContext: BrowserContext, path: string): Promise<{ cpu: number; extraRequests: number; examples: string[] }> {
  const view = async (extra?: string[]) => {
    const page = await browserContext.newPage();
    if (extra) {
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === context.consoleUrl && !request.isNavigationRequest() && !url.pathname.startsWith('/_next/static/')) extra.push(`${url.pathname}${url.search}`);
      });
    }
    await page.goto(`${context.consoleUrl}${path}`, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForTimeout(IDLE_MS);
    await page.close();
  };
  await view();
  const extra: string[] = [];
  const cpu = (await cpuDuring(context, async () => {
    for (let index = 0; index < VIEWS; index++) await view(extra);
  })) / VIEWS;
  return { cpu, extraRequests: extra.length / VIEWS, examples: [...new Set(extra)].slice(0, 5) };
}

export const pageViewsSection: BenchSection = {
  name: 'page-views',
  async run(context) {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const rows: BudgetRow[] = [];
    const details: Record<string, unknown> = {};
    try {
      const browserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const separator = context.cookie.indexOf('=');
      await browserContext.addCookies([{ name: context.cookie.slice(0, separator), value: context.cookie.slice(separator + 1), url: context.consoleUrl }]);
      // Seeded avatars point at hosts outside this machine: never fetch them.
      await browserContext.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
      for (const path of PAGES) {
        context.log(`page views: ${path}, ${VIEWS} documents then ${VIEWS} views in Chromium…`);
        // Two rounds, documents then views each time, so a drift in the machine's load hits both.
        const documents: number[] = [];
        const views: Awaited<ReturnType<typeof viewCpu>>[] = [];
        for (let round = 0; round < 2; round++) {
          documents.push(await documentCpu(context, path));
          views.push(await viewCpu(context, browserContext, path));
        }
        const documentMs = Math.min(...documents);
        const viewMs = Math.min(...views.map((result) => result.cpu));
        const extraRequests = median(views.map((result) => result.extraRequests));
        const spec: BudgetSpec = { id: `page-views.${path}`, title: `page view in Chromium - its document, server CPU, ${path}`, comparison: 'at-most', limit: 25, unit: 'ms' };
        rows.push(
          budgetRow(spec, round1(viewMs - documentMs), {
            anchor: `document ${round1(documentMs)} ms, view ${round1(viewMs)} ms`,
            note: `${extraRequests} other console requests per view${views[0]!.examples.length ? ` (${views[0]!.examples.join(', ')})` : ''}`,
          }),
        );
        details[path] = { documentMs: documents, viewMs: views.map((result) => result.cpu), extraRequests, examples: views[0]!.examples };
      }
    } finally {
      await browser.close();
    }
    return { rows, details };
  },
};
