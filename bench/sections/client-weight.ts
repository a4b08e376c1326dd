/**
 * Client weight: the first-load JavaScript of every route, gzip, as the
 * browser gets it from the production server (`bench/first-load-js.ts`). Budget: `LIMIT_KB`
 * (1000 bytes) on every route; the heavy islands (dialogs, charts) load when used. With
 * BENCH_BASE the base console's figure of the route is in the anchor column.
 */
import { budgetRow, failedRow, round1 } from '../budgets';
import type { BenchContext, BenchSection } from '../context';
import { firstLoadJs } from '../first-load-js';
import { everyRoute } from '../pages';
import { baseFigure } from '../versus-base';

const LIMIT_KB = 170;

/** The base console's first-load JS of a route, for the anchor column (a route it lacks says so). */
async function baseAnchor(context: BenchContext, path: string): Promise<{ anchor?: string; gzipBytes?: number }> {
  if (!context.base) return {};
  try {
    const js = await firstLoadJs(`${context.base.consoleUrl}${path}`, { cookie: context.cookie });
    return { anchor: baseFigure(round1(js.totalGzipBytes / 1000), 'kB'), gzipBytes: js.totalGzipBytes };
  } catch (error) {
    return { anchor: baseFigure(null, 'kB', error instanceof Error ? error.message : String(error)) };
  }
}

export const clientWeightSection: BenchSection = {
  name: 'client-weight',
  async run(context) {
    const routes = await everyRoute(context.emulatorUrl, context.accessToken);
    const rows = [];
    const details: Record<
      string,
      { gzipBytes: number; scripts: { src: string; gzipBytes: number }[]; baseGzipBytes?: number }
    > = {};
    for (const route of routes) {
      const spec = {
        id: `client-weight.${route.key}`,
        title: `first-load JS ${route.key}`,
        comparison: 'at-most' as const,
        limit: LIMIT_KB,
        unit: 'kB',
      };
      try {
        const js = await firstLoadJs(`${context.consoleUrl}${route.path}`, { cookie: context.cookie });
        const base = await baseAnchor(context, route.path);
        details[route.key] = {
          gzipBytes: js.totalGzipBytes,
          scripts: js.scripts.map(({ src, gzipBytes }) => ({ src, gzipBytes })),
          baseGzipBytes: base.gzipBytes,
        };
        rows.push(budgetRow(spec, round1(js.totalGzipBytes / 1000), { anchor: base.anchor }));
      } catch (error) {
        rows.push(failedRow(spec, error instanceof Error ? error.message : String(error)));
      }
    }
    return { rows, details };
  },
};
