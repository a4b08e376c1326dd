/**
 * Client weight: the first-load JavaScript of every route, gzip, as the
 * browser gets it from the production server (`bench/first-load-js.ts`). Budget: 160 kB
 * (1000 bytes) on every route; the heavy islands (dialogs, charts) load when used.
 */
import { budgetRow, failedRow, round1 } from '../budgets';
import type { BenchSection } from '../context';
import { firstLoadJs } from '../first-load-js';
import { everyRoute } from '../pages';

const LIMIT_KB = 160;

export const clientWeightSection: BenchSection = {
  name: 'client-weight',
  async run(context) {
    const routes = await everyRoute(context.emulatorUrl, context.accessToken);
    const rows = [];
    const details: Record<string, { gzipBytes: number; scripts: { src: string; gzipBytes: number }[] }> = {};
    for (const route of routes) {
      const spec = { id: `client-weight.${route.key}`, title: `first-load JS ${route.key}`, comparison: 'at-most' as const, limit: LIMIT_KB, unit: 'kB' };
      try {
        const js = await firstLoadJs(`${context.consoleUrl}${route.path}`, { cookie: context.cookie });
        details[route.key] = { gzipBytes: js.totalGzipBytes, scripts: js.scripts.map(({ src, gzipBytes }) => ({ src, gzipBytes })) };
        rows.push(budgetRow(spec, round1(js.totalGzipBytes / 1000)));
      } catch (error) {
        rows.push(failedRow(spec, error instanceof Error ? error.message : String(error)));
      }
    }
    return { rows, details };
  },
};
