/**
 * The emulator's free-text `q` at the `large` preset (1,000,000 messages): p95 of the messages
 * list with `q`, sorted by `message_ts` DESC (the console's default), over a mix of searches an
 * operator types (a transcript word, a message name, a hostile string, nothing found, a short
 * and a long fragment), one request at a time after a warm-up that builds the indexes.
 * Budget: p95 under 100 ms (a scan without the text index took many times that).
 *
 * The emulator runs in a child process; its read limit is lifted for the measurement and put back after.
 *
 * `npx tsx bench/scenarios/emulator-q.ts` runs it alone (BENCH_PRESET, BENCH_Q_REQUESTS, BENCH_Q_PORT).
 */
import { z } from 'zod';
import { encodeListQuery } from '../../lib/upstream/contract';
import { CONTROL_HEADERS } from '../../emulator/control';
import { budgetRow, type BudgetRow } from '../budgets';
import { emulatorSettings, withChildEmulator, type ChildEmulator } from './emulator-child';

const SEARCHES = [
  'budget',
  'shipment update',
  '<script',
  'no-such-text-anywhere',
  'th',
  'customer call',
  'INVOICE',
  'five minutes',
];

function p(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

const indexStatsSchema = z.object({ words: z.number(), pairs: z.number(), postingBytes: z.number() });

export async function run(
  options: { preset?: string; requests?: number; port?: number; emulator?: ChildEmulator } = {},
): Promise<BudgetRow[]> {
  const preset = options.preset ?? 'large';
  const requests = options.requests ?? 200;
  return withChildEmulator(options.emulator, preset, options.port ?? 4520, async (emulator) => {
    const restore = await emulatorSettings(emulator.url, { rateLimitRead: 1_000_000_000 });
    try {
      return await measure(emulator, preset, requests);
    } finally {
      await emulatorSettings(emulator.url, restore);
    }
  });
}

async function measure(emulator: ChildEmulator, preset: string, requests: number): Promise<BudgetRow[]> {
  const search = async (q: string): Promise<number> => {
    const query = encodeListQuery({
      filter: { q },
      sort: { field: 'message_ts', order: 'DESC' },
      range: { start: 0, end: 24 },
    });
    const started = performance.now();
    const response = await fetch(`${emulator.url}/admin/ra/messages?${query}`, {
      headers: { authorization: `Bearer ${emulator.token}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`q=${q}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  const warmup = performance.now();
  for (const q of SEARCHES) await search(q);
  const warmupMs = Math.round(performance.now() - warmup);
  // The index the searches built, as the emulator reports it.
  const indexResponse = await fetch(`${emulator.url}/__control/text-index/messages`, { headers: CONTROL_HEADERS });
  if (!indexResponse.ok) throw new Error(`text-index: HTTP ${indexResponse.status}`);
  const index = indexStatsSchema.parse(await indexResponse.json());
  const indexNote = `index: ${index.words} words, ${index.pairs} word pairs, postings ${Math.round(index.postingBytes / 1024 / 1024)} MB`;
  const times: number[] = [];
  const byText = new Map<string, number[]>();
  for (let i = 0; i < requests; i++) {
    const q = SEARCHES[i % SEARCHES.length]!;
    const ms = await search(q);
    times.push(ms);
    byText.set(q, [...(byText.get(q) ?? []), ms]);
  }
  times.sort((a, b) => a - b);
  // Which searches are slow: the median of each text.
  const perText = [...byText]
    .map(
      ([q, list]) =>
        `${JSON.stringify(q)} ${Math.round(
          p(
            [...list].sort((a, b) => a - b),
            0.5,
          ),
        )}`,
    )
    .join(', ');
  const p95 = Math.round(p(times, 0.95) * 10) / 10;
  return [
    budgetRow(
      {
        id: 'scale.emulator-q.p95',
        title: `emulator q at ${preset} (messages, p95)`,
        comparison: 'at-most',
        limit: 100,
        unit: 'ms',
      },
      p95,
      {
        anchor: 'scan 2800 ms (issue 17)',
        note: `${requests} searches one at a time over ${SEARCHES.length} texts; p50 ${Math.round(p(times, 0.5))} ms, max ${Math.round(times.at(-1) ?? 0)} ms; first searches (index build) ${warmupMs} ms; median per text (ms): ${perText}; ${indexNote}`,
      },
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run({
    preset: process.env.BENCH_PRESET ?? 'large',
    requests: Number(process.env.BENCH_Q_REQUESTS ?? 200),
    port: Number(process.env.BENCH_Q_PORT ?? 4520),
  }).then(
    (rows) => console.log(JSON.stringify(rows, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
