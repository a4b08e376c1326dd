/**
 * Scale, one scenario after another: the emulator's free-text `q` p95 at
 * 1,000,000 messages, a streamed CSV export of every message (RSS growth, rows per second), two
 * console job runners on one PostgreSQL sharing the service's rate limit, and a dry run of
 * 100,000 messages read in the background (request time, planning time, RSS growth, cancel).
 * The scenarios that only read share one `large`-preset emulator in a child process (a boot of
 * 1,000,000 messages takes a minute or more); the two instances run their own stand-in service.
 * A scenario that cannot run is one FAIL saying why. Each also runs alone:
 * `npx tsx bench/scenarios/<name>.ts`.
 */
import { failedRow, type BudgetRow } from '../budgets';
import type { BenchSection } from '../context';
import { run as csvExport } from '../scenarios/csv-export';
import { run as emulatorQ } from '../scenarios/emulator-q';
import { run as twoInstances } from '../scenarios/two-instances';
import { run as backgroundPlan } from '../scenarios/background-plan';
import { startChildEmulator, type ChildEmulator } from '../scenarios/emulator-child';

const PRESET = (process.env.BENCH_SCALE_PRESET ?? 'large') as 'small' | 'default' | 'large';

/** The shared emulator's port: BENCH_PORT_BASE + 30 when set (two benches never share ports). */
const SHARED_PORT = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) + 30 : 4530;

const SCENARIOS: ReadonlyArray<{ id: string; title: string; run: (emulator: ChildEmulator) => Promise<BudgetRow[]> }> =
  [
    {
      id: 'scale.emulator-q.p95',
      title: `emulator q at ${PRESET} (messages, p95)`,
      run: (emulator) => emulatorQ({ preset: PRESET, requests: Number(process.env.BENCH_Q_REQUESTS ?? 200), emulator }),
    },
    {
      id: 'scale.csv-export.rss-growth',
      title: 'CSV export of every message: RSS growth',
      run: (emulator) => csvExport({ emulator }),
    },
    {
      id: 'scale.two-instances.wall-over-floor',
      title: 'two instances sharing the rate limit (wall / floor)',
      run: () => twoInstances({}),
    },
    {
      id: 'scale.background-plan.rss-growth',
      title: 'dry run of 100,000 messages in the background',
      run: (emulator) => backgroundPlan({ emulator }),
    },
  ];

export const scaleSection: BenchSection = {
  name: 'scale',
  async run(context) {
    const rows: BudgetRow[] = [];
    const failed = (scenario: (typeof SCENARIOS)[number], error: unknown) =>
      failedRow(
        { id: scenario.id, title: scenario.title, comparison: 'at-most', limit: 0, unit: '' },
        error instanceof Error ? error.message : String(error),
      );
    context.log(`scale: starting one ${PRESET} emulator for the scenarios that only read…`);
    const booted = performance.now();
    let emulator: ChildEmulator;
    try {
      emulator = await startChildEmulator(PRESET, SHARED_PORT);
    } catch (error) {
      return { rows: SCENARIOS.map((scenario) => failed(scenario, error)) };
    }
    context.log(`scale: the emulator took ${Math.round((performance.now() - booted) / 1000)} s to start`);
    try {
      for (const scenario of SCENARIOS) {
        context.log(`scale: ${scenario.title}`);
        try {
          rows.push(...(await scenario.run(emulator)));
        } catch (error) {
          rows.push(failed(scenario, error));
        }
      }
    } finally {
      emulator.stop();
    }
    return { rows };
  },
};
