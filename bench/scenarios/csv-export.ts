/**
 * CSV export of 1,000,000 messages (the `large` preset): the export route's own pipeline (paced
 * page reads through `lib/upstream`, pages in order, CSV rows, the streamed body) run against an
 * emulator in a child process, the body consumed as a browser would. Reports rows per second and
 * the RSS growth of the process exporting, sampled every 250 ms, against the budget of 100 MB.
 * That process is a child of its own run with the console server's Node.js flags
 * (scripts/console-runtime.ts): how far the heap grows before V8 collects depends on them, and
 * the bench's own process, with Node's defaults and a whole bench's state, measured anywhere from
 * well within the budget to beyond it for the same code. The emulator's rate limit stays at its default (100 reads a second), as a
 * real service's would: rows per second are the service's pace, not the console's.
 *
 * `npx tsx bench/scenarios/csv-export.ts` runs it alone (BENCH_PRESET, BENCH_CSV_PORT).
 */
import { EXPORT_CONCURRENCY, EXPORT_PAGE_SIZE, pagesInOrder } from '../../lib/entities/export';
import { findEntity } from '../../lib/entities/registry';
import { csvResponse } from '../../lib/export/csv-response';
import { ExportPacing } from '../../lib/export/pacing';
import { UpstreamClient } from '../../lib/upstream/client';
import { listRecords } from '../../lib/upstream/ra';
import { columnVisibility } from '../../lib/tables/columns';
import { csvColumns, csvHeader, csvRows } from '../../lib/tables/csv';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { consoleNodeFlags } from '../../scripts/console-runtime';
import { withChildEmulator, type ChildEmulator } from './emulator-child';
import { budgetRow, type BudgetRow } from '../budgets';

const MB = 1024 * 1024;

/** Set in the exporting child: the emulator it reads from (url and token). */
const CHILD_ENV = 'BENCH_CSV_EXPORT_EMULATOR';

export function run(options: { preset?: string; port?: number; emulator?: ChildEmulator } = {}): Promise<BudgetRow[]> {
  return withChildEmulator(options.emulator, options.preset ?? 'large', options.port ?? 4530, measureInChild);
}

/** Runs `measure` in a child process with the console's Node.js flags; its rows come back on stdout as JSON. */
function measureInChild(emulator: ChildEmulator): Promise<BudgetRow[]> {
  const child = spawn(
    process.execPath,
    [...consoleNodeFlags(), '--import', 'tsx', path.join(import.meta.dirname, 'csv-export.ts')],
    {
      env: { ...process.env, [CHILD_ENV]: JSON.stringify({ url: emulator.url, token: emulator.token }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the exporting process exited with ${code}`));
      else resolve(JSON.parse(output) as BudgetRow[]);
    });
  });
}

async function measure(emulator: ChildEmulator): Promise<BudgetRow[]> {
  const messages = findEntity('messages');
  if (!messages) throw new Error('no messages entity');
  const columns = csvColumns(messages.columns, columnVisibility(messages.columns, null));
  const client = new UpstreamClient({
    baseUrl: emulator.url,
    accessToken: emulator.token,
    timeoutMs: 30_000,
    log: () => undefined,
  });
  const paced = new ExportPacing(10).open('bench');
  const query = (index: number) => ({
    sort: { field: 'message_ts', order: 'DESC' as const },
    range: { start: index * EXPORT_PAGE_SIZE, end: (index + 1) * EXPORT_PAGE_SIZE - 1 },
  });
  const readPage = (index: number) => paced.read(() => listRecords(client, 'messages', query(index), messages.schema));

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  // What the process held when its RSS peaked: the V8 heap, and memory outside it (buffers).
  let atPeak = '';
  const sample = () => {
    const usage = process.memoryUsage();
    if (usage.rss < peak) return;
    peak = usage.rss;
    atPeak = `heap ${Math.round(usage.heapUsed / MB)} of ${Math.round(usage.heapTotal / MB)} MB, external ${Math.round(usage.external / MB)} MB`;
  };
  const sampler = setInterval(sample, 250);
  const started = performance.now();
  const first = await readPage(0);
  const pageCount = Math.ceil(first.total / EXPORT_PAGE_SIZE);
  // As the export route does: each page becomes its CSV text as soon as it arrives.
  const pages = pagesInOrder(pageCount - 1, EXPORT_CONCURRENCY, (index) =>
    readPage(index + 1).then((page) => ({ text: csvRows(columns, page.rows), rows: page.rows.length })),
  );
  let written = first.rows.length;
  async function* rest() {
    for await (const page of pages) {
      written += page.rows;
      yield page.text;
    }
  }
  const response = csvResponse({
    fileName: 'bench.csv',
    first: csvHeader(columns) + csvRows(columns, first.rows),
    rest: rest(),
    label: 'bench',
    onEnd: paced.done,
  });
  const reader = response.body!.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();
  const growthMb = Math.round((peak - baseline) / MB);
  const rowsPerSecond = Math.round(first.total / seconds);
  const detail = `${written} of ${first.total} rows (${Math.round(bytes / MB)} MB) in ${seconds.toFixed(1)} s; RSS ${Math.round(baseline / MB)} -> peak ${Math.round(peak / MB)} MB (${atPeak})`;
  return [
    budgetRow(
      {
        id: 'scale.csv-export.rss-growth',
        title: `CSV export of ${first.total} messages: RSS growth`,
        comparison: 'at-most',
        limit: 100,
        unit: 'MB',
      },
      growthMb,
      { note: detail },
    ),
    // Reported, not budgeted (any pace passes when every row arrived): the pace is the service's
    // rate limit (100 reads of EXPORT_PAGE_SIZE rows a second at most).
    budgetRow(
      {
        id: 'scale.csv-export.rows-per-second',
        title: `CSV export of ${first.total} messages: rows per second`,
        comparison: 'at-least',
        limit: 1,
        unit: 'rows/s',
      },
      written === first.total ? rowsPerSecond : null,
      { anchor: `service limit ${100 * EXPORT_PAGE_SIZE} rows/s`, note: detail },
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const emulator = process.env[CHILD_ENV];
  const measured = emulator
    ? measure({ ...(JSON.parse(emulator) as { url: string; token: string }), stop: () => undefined })
    : run({ preset: process.env.BENCH_PRESET ?? 'large', port: Number(process.env.BENCH_CSV_PORT ?? 4530) });
  measured.then(
    (rows) => console.log(JSON.stringify(rows, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
