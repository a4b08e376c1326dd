/**
 * Scale (issue 17, part 3), each on its own `large`-preset emulator or stand-in service, one after
 * another (each may take gigabytes): the emulator's free-text `q` p95 at 1,000,000 messages, a
 * streamed CSV export of every message (RSS growth, rows per second), and two console job
 * runners on one PostgreSQL sharing the service's rate limit, and a dry run of 100,000 messages
 * read in the background (request time, planning time, RSS growth, cancel). A scenario that cannot run is one
 * FAIL saying why. Each also runs alone: `npx tsx bench/scenarios/<name>.ts`.
 */
import { failedRow, type BudgetRow } from '../budgets';
import type { BenchSection } from '../context';
import { run as csvExport } from '../scenarios/csv-export';
import { run as emulatorQ } from '../scenarios/emulator-q';
import { run as twoInstances } from '../scenarios/two-instances';
import { run as backgroundPlan } from '../scenarios/background-plan';

const PRESET = (process.env.BENCH_SCALE_PRESET ?? 'large') as 'small' | 'default' | 'large';

const SCENARIOS: ReadonlyArray<{ id: string; title: string; run: () => Promise<BudgetRow[]> }> = [
  { id: 'scale.emulator-q.p95', title: `emulator q at ${PRESET} (messages, p95)`, run: () => emulatorQ({ preset: PRESET, requests: Number(process.env.BENCH_Q_REQUESTS ?? 200) }) },
  { id: 'scale.csv-export.rss-growth', title: 'CSV export of every message: RSS growth', run: () => csvExport({ preset: PRESET }) },
  { id: 'scale.two-instances.wall-over-floor', title: 'two instances sharing the rate limit (wall / floor)', run: () => twoInstances({}) },
  { id: 'scale.background-plan.rss-growth', title: 'dry run of 100,000 messages in the background', run: () => backgroundPlan({ preset: PRESET }) },
];

export const scaleSection: BenchSection = {
  name: 'scale',
  async run(context) {
    const rows: BudgetRow[] = [];
    for (const scenario of SCENARIOS) {
      context.log(`scale: ${scenario.title}`);
      try {
        rows.push(...(await scenario.run()));
      } catch (error) {
        rows.push(failedRow({ id: scenario.id, title: scenario.title, comparison: 'at-most', limit: 0, unit: '' }, error instanceof Error ? error.message : String(error)));
      }
    }
    return { rows };
  },
};
