/**
 * First row on screen, side by side: the console's messages list, the
 * react-admin peer's guessed list of the same `/admin/ra/messages`, and a static copy of the
 * console's page (its HTML once rendered, CSS inlined, no scripts: the limit no page can beat),
 * loaded in Chromium at 1440x900, cold (a fresh browser context) then warm (a second page in that
 * context: scripts and styles cached), the targets alternating in order each round. Each time
 * is from navigation start to the first table row painted, i.e. presented on screen
 * (`bench/first-row-probe.ts`); the samples also keep the task-after-the-frame time.
 * Budgets: react-admin / console at least 2x, cold and warm; console / static copy at most 1.5x.
 * With BENCH_BASE the base console is a fourth target, and each ratio also has a row against the
 * base's (`./first-row-base.ts`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { budgetRow, failedRow, median, ratio, round1, type BudgetRow, type BudgetSpec } from '../budgets';
import type { BenchContext, BenchSection } from '../context';
import { FIRST_ROW_KEY, FIRST_ROW_PROBE, FIRST_ROW_TASK_KEY, firstPaintShowsRow } from '../first-row-probe';
import { assetContentType, buildPeer } from '../peer-build';
import { BASE_TARGET, baseTargets, baseUrl, firstRowVersusBase } from './first-row-base';
import { startStaticServer } from '../static-server';
import { chromiumPath } from '../../scripts/system-packages';

/**
 * Cold and warm loads of each target. A single load lands far from the median on a small machine
 * shared with Chromium, and a median of half as many loads moved the ratios across their limits
 * between runs of the same code; doubling the loads narrows the median's spread by √2, for a
 * little more run time (docs/bench.md has the figures).
 */
const LOADS = Math.max(1, Number(process.env.BENCH_FIRST_ROW_LOADS ?? 16));
/** BENCH_FIRST_ROW_TRACE=dir: a Chromium performance trace of each target's first cold load, written there. */
const TRACE_DIR = process.env.BENCH_FIRST_ROW_TRACE;
const ENTITY = 'messages';
const VIEWPORT = { width: 1440, height: 900 };

const COLD: BudgetSpec = {
  id: 'first-row.cold',
  title: 'first row, cold: react-admin / console',
  comparison: 'at-least',
  limit: 2,
  unit: 'x',
};
const WARM: BudgetSpec = {
  id: 'first-row.warm',
  title: 'first row, warm: react-admin / console',
  comparison: 'at-least',
  limit: 2,
  unit: 'x',
};
const LIMIT: BudgetSpec = {
  id: 'first-row.static',
  title: 'first row, cold: console / static copy',
  comparison: 'at-most',
  limit: 1.5,
  unit: 'x',
};

type Target = 'console' | 'react-admin' | 'static' | typeof BASE_TARGET;

interface Loads {
  cold: LoadTimes[];
  warm: LoadTimes[];
}

/** The peer and the static copy are served from this origin, which the emulator's CORS allows. */
export function peerPort(context: Pick<BenchContext, 'freePort'>): number {
  return context.freePort(0);
}

/** What the main thread did between the response and the paint: parsing, scripts, style, layout, paint, loads. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'navigation',
  'v8.execute',
  'blink',
  'netlog',
];

/** One load's times, ms from navigation start: the first row painted, and what came before it. */
interface LoadTimes {
  firstRow: number;
  /** The first task after the frame that painted the row (what the probe took before it read paint timing). */
  firstRowTask: number | null;
  firstContentfulPaint: number | null;
  responseStart: number | null;
  responseEnd: number | null;
}

async function loadTimes(context: BrowserContext, url: string, tracePath?: string): Promise<LoadTimes> {
  const page = await context.newPage();
  const tracing = tracePath ? context.browser() : null;
  if (tracing && tracePath) {
    mkdirSync(path.dirname(tracePath), { recursive: true });
    await tracing.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
  }
  try {
    // Nothing of the harness runs in the page before its load event (Playwright's injected
    // script, the polling below): the probe keeps its own times, so waiting costs the page nothing.
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForFunction(
      (key) => (window as unknown as Record<string, unknown>)[key] !== undefined,
      FIRST_ROW_KEY,
      { timeout: 30_000, polling: 100 },
    );
    return await page.evaluate(
      ([key, taskKey]) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return {
          firstRow: Number((window as unknown as Record<string, unknown>)[key]),
          firstRowTask: Number((window as unknown as Record<string, unknown>)[taskKey]) || null,
          firstContentfulPaint: paint ? Math.round(paint.startTime) : null,
          responseStart: navigation ? Math.round(navigation.responseStart) : null,
          responseEnd: navigation ? Math.round(navigation.responseEnd) : null,
        };
      },
      [FIRST_ROW_KEY, FIRST_ROW_TASK_KEY] as const,
    );
  } finally {
    if (tracing) await tracing.stopTracing();
    await page.close();
  }
}

/** The console page as the browser shows it once rendered, scripts removed, stylesheets inlined. */
async function staticCopy(browser: Browser, context: BenchContext, pageUrl: string): Promise<string> {
  const browserContext = await browser.newContext({ viewport: VIEWPORT });
  await browserContext.addCookies([cookieFor(context)]);
  const page = await browserContext.newPage();
  try {
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    await page.locator('table tbody tr').first().waitFor();
    return await page.evaluate(async () => {
      for (const element of document.querySelectorAll('script, link[rel="modulepreload"], link[as="script"]'))
        element.remove();
      // Fonts and images stay on the console's origin: absolute addresses keep them working.
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="icon"]'))
        link.setAttribute('href', link.href);
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
        const css = await (await fetch(link.href)).text();
        const style = document.createElement('style');
        style.textContent = css.replaceAll('url(/_next/', `url(${location.origin}/_next/`);
        link.replaceWith(style);
      }
      return `<!doctype html>${document.documentElement.outerHTML}`;
    });
  } finally {
    await browserContext.close();
  }
}

function cookieFor(context: BenchContext) {
  const separator = context.cookie.indexOf('=');
  return {
    name: context.cookie.slice(0, separator),
    value: context.cookie.slice(separator + 1),
    url: context.consoleUrl,
  };
}

export const firstRowSection: BenchSection = {
  name: 'first-row',
  async run(context) {
    const specs = [COLD, WARM, LIMIT];
    let peer;
    try {
      context.log('building the react-admin peer (bench/peer)…');
      peer = buildPeer(context.root);
    } catch (error) {
      return {
        rows: specs.map((spec) =>
          failedRow(spec, `the peer did not build: ${error instanceof Error ? error.message : String(error)}`),
        ),
      };
    }
    const server = await startStaticServer(peerPort(context), {
      '/': { body: peer.html, contentType: 'text/html; charset=utf-8' },
      ...Object.fromEntries(
        [...peer.assets].map(([urlPath, body]) => [
          urlPath,
          { body, contentType: assetContentType(urlPath), immutable: true },
        ]),
      ),
    });
    const browser = await chromium.launch({ executablePath: chromiumPath(process.env) });
    try {
      const consoleUrl = `${context.consoleUrl}/${ENTITY}`;
      server.put('/static.html', {
        body: await staticCopy(browser, context, consoleUrl),
        contentType: 'text/html; charset=utf-8',
      });
      const urls: Record<Target, string> = {
        console: consoleUrl,
        'react-admin': `${server.url}/?api=${encodeURIComponent(`${context.emulatorUrl}/admin/ra`)}#/${ENTITY}`,
        static: `${server.url}/static.html`,
        [BASE_TARGET]: baseUrl(context, ENTITY),
      };
      const loads: Record<Target, Loads> = {
        console: { cold: [], warm: [] },
        'react-admin': { cold: [], warm: [] },
        static: { cold: [], warm: [] },
        [BASE_TARGET]: { cold: [], warm: [] },
      };
      const order: Target[] = ['console', 'react-admin', 'static', ...baseTargets(context)];
      const newContext = async () => {
        const browserContext = await browser.newContext({ viewport: VIEWPORT });
        await browserContext.addCookies([cookieFor(context)]);
        await browserContext.addInitScript(
          ({ origin, token }) => {
            if (location.origin === origin) localStorage.setItem('bench.token', token);
          },
          { origin: server.url, token: context.accessToken },
        );
        await browserContext.addInitScript(FIRST_ROW_PROBE);
        return browserContext;
      };
      if (TRACE_DIR) {
        // Traced loads are slower than untraced ones: they are extra, not among the samples.
        for (const target of order) {
          const browserContext = await newContext();
          try {
            await loadTimes(browserContext, urls[target], path.resolve(TRACE_DIR, `${target}-cold.json`));
          } finally {
            await browserContext.close();
          }
        }
        context.log(`wrote a trace of a cold load of each target to ${TRACE_DIR}`);
      }
      context.log(`first row on screen: ${LOADS} cold and warm loads of each target, alternating…`);
      for (let round = 0; round < LOADS; round++) {
        // Rotate who goes first, so that neither always follows the other's load.
        const rotated = [...order.slice(round % order.length), ...order.slice(0, round % order.length)];
        for (const target of rotated) {
          const browserContext = await newContext();
          try {
            loads[target].cold.push(await loadTimes(browserContext, urls[target]));
            loads[target].warm.push(await loadTimes(browserContext, urls[target]));
          } finally {
            await browserContext.close();
          }
        }
      }
      const medians = Object.fromEntries(
        order.map((target) => [
          target,
          {
            cold: round1(median(loads[target].cold.map((load) => load.firstRow))),
            warm: round1(median(loads[target].warm.map((load) => load.firstRow))),
          },
        ]),
      ) as Record<Target, { cold: number; warm: number }>;
      // The same loads timed by the task after the painting frame, for comparison with earlier runs.
      const taskMedian = (target: Target) =>
        round1(median(loads[target].cold.map((load) => load.firstRowTask ?? load.firstRow)));
      // Loads whose page was painted without its rows first.
      const rowlessFirstPaints = (target: Target) =>
        [...loads[target].cold, ...loads[target].warm].filter((load) => !firstPaintShowsRow(load)).length;
      const rows: BudgetRow[] = [
        budgetRow(COLD, ratio(medians['react-admin'].cold, medians.console.cold), {
          anchor: `react-admin ${medians['react-admin'].cold} ms, console ${medians.console.cold} ms`,
          note: `median of ${LOADS} cold loads each; a first paint without the row in ${rowlessFirstPaints('console')} of the console's ${2 * LOADS} loads`,
        }),
        budgetRow(WARM, ratio(medians['react-admin'].warm, medians.console.warm), {
          anchor: `react-admin ${medians['react-admin'].warm} ms, console ${medians.console.warm} ms`,
        }),
        budgetRow(LIMIT, ratio(medians.console.cold, medians.static.cold), {
          anchor: `static ${medians.static.cold} ms (warm ${medians.static.warm} ms)`,
          note: `painted (Element Timing); by the task after the frame, cold: console ${taskMedian('console')} ms, static ${taskMedian('static')} ms, react-admin ${taskMedian('react-admin')} ms`,
        }),
      ];
      if (context.base) rows.push(...firstRowVersusBase({ cold: COLD, warm: WARM, static: LIMIT }, loads));
      return { rows, details: { entity: ENTITY, loads: LOADS, medians, samples: loads } };
    } catch (error) {
      return { rows: specs.map((spec) => failedRow(spec, error instanceof Error ? error.message : String(error))) };
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
