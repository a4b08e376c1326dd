/**
 * Process CPU per page of two running consoles side by side (`bench/ab-cpu.ts` on the command
 * line, the server-time section of `BENCH_BASE=<rev> npm run bench`). The two are loaded in
 * alternating batches of sequential requests; CPU comes from /proc (user + system ticks of each
 * next-server), and the median of the batches is kept per path, with the page's bytes.
 * AB_BATCHES (default 12) and AB_BATCH (default 25 requests) set the amount of work.
 */
import { median } from './budgets';
import { processCpuMs } from './process-cpu';

export const AB_BATCHES = Math.max(1, Number(process.env.AB_BATCHES ?? 12));
export const AB_BATCH = Math.max(1, Number(process.env.AB_BATCH ?? 25));
/** Loads of each console before a path's batches, so that neither pays for the first compile of a page. */
const WARM_LOADS = 20;

export interface CpuTarget {
  url: string;
  /** Process id of the console's next-server, whose CPU time is read. */
  pid: number;
}

export interface CpuComparison {
  path: string;
  /** Median CPU ms per page of A and of B. */
  msPerPage: [number, number];
  /** CPU ms per page of each batch, A's and B's. */
  batches: [number[], number[]];
  /** Size of the page's last response, A's and B's. */
  bytes: [number, number];
}

export async function compareServerCpu(options: {
  targets: readonly [CpuTarget, CpuTarget];
  paths: readonly string[];
  cookie: string;
  batches?: number;
  batchSize?: number;
  /** Called as each path is done, for a table printed as it goes. */
  onPath?(comparison: CpuComparison): void;
}): Promise<CpuComparison[]> {
  const { targets, cookie, batches = AB_BATCHES, batchSize = AB_BATCH } = options;
  const load = async (url: string) => (await (await fetch(url, { headers: { cookie } })).text()).length;
  const results: CpuComparison[] = [];
  for (const page of options.paths) {
    for (const target of targets) for (let warm = 0; warm < WARM_LOADS; warm++) await load(`${target.url}${page}`);
    const perPage: [number[], number[]] = [[], []];
    const bytes: [number, number] = [0, 0];
    for (let batch = 0; batch < batches; batch++) {
      // Alternate which console goes first, so a drift in the machine's load hits both alike.
      const order = batch % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      for (const index of order) {
        const target = targets[index];
        const before = processCpuMs(target.pid);
        for (let request = 0; request < batchSize; request++) bytes[index] = await load(`${target.url}${page}`);
        perPage[index].push((processCpuMs(target.pid) - before) / batchSize);
      }
    }
    const result: CpuComparison = {
      path: page,
      msPerPage: [median(perPage[0]), median(perPage[1])],
      batches: perPage,
      bytes,
    };
    options.onPath?.(result);
    results.push(result);
  }
  return results;
}
