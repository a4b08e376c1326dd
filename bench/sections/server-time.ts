/**
 * Server time per page.
 * - Operators at work: page loads arriving at random at BENCH_OPERATOR_RATE a second (default
 *   10), open loop, for the messages list, a message, a user and the dashboard; the anchor is
 *   the service answering the same reads (`bench/service-reads.ts`) at the same arrival times.
 *   Budget: console p95 minus service p95 at most 30 ms. Each row takes BENCH_OPERATOR_ROUNDS
 *   (default 4) rounds of the run's round length (4 s by default), each round with arrivals of
 *   its own seed: enough loads a row that its p95 is not set by the few loads that met one
 *   burst of arrivals (with half as many, the list's overhead varied across runs of the same
 *   code by more than its budget; docs/bench.md).
 * - The same with 50 ms added to every service read (the emulator's latency fault, on both
 *   sides), a model of a real service's own time. Budget: console p95 at most 1.25x service p95.
 * - Cost per page: under clients that never pause (BENCH_CONNECTIONS, default 10) the list
 *   page's throughput against the console's own floor, `GET /api/health` (a route that does no
 *   work), in alternating rounds. Budget: at least 25 %. The sign-in page is measured beside
 *   them, in the row's note: a page with next to nothing on it, what any page costs here.
 * - With BENCH_BASE: server CPU per page beside the base's (`./server-cpu-base.ts`).
 */
import { budgetRow, failedRow, ratio, round1, type BudgetRow } from '../budgets';
import type { BenchContext, BenchSection } from '../context';
import { measure, measureOpenLoop, openLoop, summarize, type LatencyStats, type Samples } from '../load';
import { serverTimePages, type BenchPage } from '../pages';
import { discoverReads, replayReads } from '../service-reads';
import { serverCpuVersusBase } from './server-cpu-base';

const OPERATOR_RATE = Number(process.env.BENCH_OPERATOR_RATE ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MODELLED_LATENCY_MS = 50;
const OPERATOR_ROUNDS = Math.max(1, Number(process.env.BENCH_OPERATOR_ROUNDS ?? 4));

interface Pair {
  console: LatencyStats;
  service: LatencyStats;
}

async function operatorsAtWork(context: BenchContext, page: BenchPage, waves: string[][]): Promise<Pair> {
  const consoleRounds: Samples[] = [];
  const serviceRounds: Samples[] = [];
  const durationSeconds = context.durationSeconds / context.rounds;
  for (let round = 0; round < OPERATOR_ROUNDS; round++) {
    // The same arrival times for both sides of a round.
    const seed = round + 1;
    serviceRounds.push(
      await openLoop({ ratePerSecond: OPERATOR_RATE, durationSeconds, seed }, () => replayReads(context, waves)),
    );
    consoleRounds.push(
      await measureOpenLoop({
        url: `${context.consoleUrl}${page.path}`,
        headers: { cookie: context.cookie },
        ratePerSecond: OPERATOR_RATE,
        durationSeconds,
        seed,
      }),
    );
  }
  return { console: summarize(consoleRounds), service: summarize(serviceRounds) };
}

const clean = (stats: LatencyStats) => stats.non2xx + stats.errors === 0;

export const serverTimeSection: BenchSection = {
  name: 'server-time',
  async run(context) {
    // First, before the load below that only the current console serves: the two consoles come
    // to it equally warm (a JIT-compiled page costs less CPU than one still being tiered up).
    const cpu = context.base ? await serverCpuVersusBase(context) : undefined;
    const rows: BudgetRow[] = [];
    const details: Record<string, unknown> = {};
    const pages = await serverTimePages(context.emulatorUrl, context.accessToken);
    const operatorSeconds = (context.durationSeconds / context.rounds) * OPERATOR_ROUNDS;
    context.log(
      `server time: ${OPERATOR_RATE} page loads a second, open loop, ${operatorSeconds} s per target and condition…`,
    );
    for (const page of pages) {
      const overheadSpec = {
        id: `server-time.${page.key}.p95-overhead`,
        title: `operators at work, ${page.key}: console p95 - service p95`,
        comparison: 'at-most' as const,
        limit: 30,
        unit: 'ms',
      };
      const latencySpec = {
        id: `server-time.${page.key}.p95-ratio-50ms`,
        title: `service +${MODELLED_LATENCY_MS} ms, ${page.key}: console p95 / service p95`,
        comparison: 'at-most' as const,
        limit: 1.25,
        unit: 'x',
      };
      try {
        const waves = await discoverReads(context, page.path);
        const plain = await operatorsAtWork(context, page, waves);
        await context.setFaults([{ pattern: '^/', method: 'GET', latencyMs: MODELLED_LATENCY_MS }]);
        const slow = await operatorsAtWork(context, page, waves).finally(() => context.setFaults([]));
        const reads = `${waves.flat().length} reads in ${waves.length} wave(s)`;
        rows.push(
          budgetRow(
            overheadSpec,
            clean(plain.console) && clean(plain.service) ? round1(plain.console.p95 - plain.service.p95) : null,
            {
              anchor: `service ${plain.service.p95} ms, console ${plain.console.p95} ms`,
              note: `${page.path}: ${reads}; ${plain.console.requests} loads, console p50 ${plain.console.p50} ms, service p50 ${plain.service.p50} ms${clean(plain.console) ? '' : `; ${plain.console.non2xx + plain.console.errors} failed page loads`}`,
            },
          ),
          budgetRow(
            latencySpec,
            clean(slow.console) && clean(slow.service) ? ratio(slow.console.p95, slow.service.p95) : null,
            {
              anchor: `service ${slow.service.p95} ms, console ${slow.console.p95} ms`,
            },
          ),
        );
        details[page.key] = {
          path: page.path,
          waves,
          operators: plain,
          modelledLatency: { latencyMs: MODELLED_LATENCY_MS, ...slow },
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        rows.push(failedRow(overheadSpec, reason), failedRow(latencySpec, reason));
      }
    }

    const costSpec = {
      id: 'server-time.messages-list.throughput-vs-floor',
      title: 'clients that never pause: list req/s / /api/health req/s',
      comparison: 'at-least' as const,
      limit: 25,
      unit: '%',
    };
    const list = { url: `${context.consoleUrl}/messages`, headers: { cookie: context.cookie } };
    const floor = { url: `${context.consoleUrl}/api/health`, headers: { cookie: context.cookie } };
    // Not a budget, a yardstick for one: the sign-in page is a real page with next to nothing on
    // it (no session, the root layout, a button), so it shows what any page costs in this framework.
    const nearEmptyPage = { url: `${context.consoleUrl}/signin`, headers: {} };
    const targets = [list, floor, nearEmptyPage];
    const rounds: Samples[][] = targets.map(() => []);
    const durationSeconds = context.durationSeconds / context.rounds;
    for (const target of targets) await measure({ ...target, connections: CONNECTIONS, durationSeconds: 2 });
    for (let round = 0; round < context.rounds; round++) {
      for (const [index, target] of targets.entries())
        rounds[index]!.push(await measure({ ...target, connections: CONNECTIONS, durationSeconds }));
    }
    const [listStats, floorStats, nearEmptyStats] = rounds.map((samples) => summarize(samples)) as [
      LatencyStats,
      LatencyStats,
      LatencyStats,
    ];
    const share = (part: LatencyStats, whole: LatencyStats) =>
      Math.round((part.requestsPerSecond / whole.requestsPerSecond) * 1000) / 10;
    rows.push(
      budgetRow(costSpec, clean(listStats) ? share(listStats, floorStats) : null, {
        anchor: `list ${listStats.requestsPerSecond}/s, floor ${floorStats.requestsPerSecond}/s`,
        note: `${CONNECTIONS} connections; list p95 ${listStats.p95} ms, floor p95 ${floorStats.p95} ms; the sign-in page ${nearEmptyStats.requestsPerSecond}/s (${share(nearEmptyStats, floorStats)} % of the floor; the list ${share(listStats, nearEmptyStats)} % of it)`,
      }),
    );
    details.cost = { connections: CONNECTIONS, list: listStats, floor: floorStats, signInPage: nearEmptyStats };
    if (cpu) {
      rows.push(...cpu.rows);
      details.cpuVersusBase = cpu.details;
    }
    return { rows, details };
  },
};
