/**
 * Server CPU per page beside the base (BENCH_BASE, run from the server-time section): the
 * current console and the base's, loaded in alternating batches (`bench/server-cpu.ts`, as
 * `bench/ab-cpu.ts` does on the command line). Pages: those of the server-time budget, and the
 * users list and the stuck queue. Budget: current / base at most `CPU_LIMIT`.
 */
import { failedRow } from '../budgets';
import type { BenchContext, SectionResult } from '../context';
import { serverTimePages } from '../pages';
import { AB_BATCH, AB_BATCHES, compareServerCpu } from '../server-cpu';
import { cpuSpec, cpuVersusBaseRow } from '../versus-base';

export async function serverCpuVersusBase(context: BenchContext): Promise<SectionResult> {
  const base = context.base;
  if (!base) return { rows: [] };
  const pages = [
    ...(await serverTimePages(context.emulatorUrl, context.accessToken)),
    { key: 'users-list', path: '/users' },
    { key: 'stuck', path: '/stuck' },
  ];
  context.log(
    `server CPU per page beside the base: ${AB_BATCHES} alternating batches of ${AB_BATCH} loads of each page…`,
  );
  try {
    const comparisons = await compareServerCpu({
      targets: [
        { url: base.consoleUrl, pid: base.consolePid },
        { url: context.consoleUrl, pid: context.consolePid },
      ],
      paths: pages.map((page) => page.path),
      cookie: context.cookie,
    });
    return {
      rows: comparisons.map((comparison, index) => cpuVersusBaseRow(pages[index]!.key, comparison)),
      details: { batches: AB_BATCHES, batchSize: AB_BATCH, comparisons },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { rows: pages.map((page) => failedRow(cpuSpec(page.key), reason)), details: { error: reason } };
  }
}
