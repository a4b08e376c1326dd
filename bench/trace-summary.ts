/**
 * `npx tsx bench/trace-summary.ts <trace.json>…`: what a page load did before its first
 * contentful paint, from the Chromium traces `BENCH_FIRST_ROW_TRACE=<dir> BENCH_ONLY=first-row
 * npm run bench` leaves (one cold load of each target). Per trace: the document's first byte and
 * when the renderer had all of it, when the main thread painted first (the frame's Paint) and when that paint was
 * presented (first contentful paint), and the renderer main thread's CPU time (thread time, so
 * the figures hold on a busy machine, where wall time does not) from the first byte to the
 * presentation, by kind of work, with every script that ran in that window.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: { url?: string; documentLoaderURL?: string; functionName?: string; requestId?: string };
  };
}

/** The main thread's work, by the innermost of these a piece of time falls in. */
const KINDS = [
  'ParseHTML',
  'EvaluateScript',
  'FunctionCall',
  'RunMicrotasks',
  'v8.compile',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Commit',
  'MinorGC',
  'MajorGC',
];
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

const ms = (microseconds: number) => Math.round(microseconds / 100) / 10;

export function summarize(file: string): string {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const navigation = events
    .filter((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith('http'))
    .at(-1);
  if (!navigation) return `${file}: no navigation to an http(s) page in this trace`;
  const { pid } = navigation;
  const main = events.find(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain',
  );
  const presented = events.find((event) => event.pid === pid && event.name === 'firstContentfulPaint');
  if (!main || !presented) return `${file}: no renderer main thread or no first contentful paint`;
  const onMain = events.filter((event) => event.pid === pid && event.tid === main.tid && event.ph === 'X');
  const url = navigation.args?.data?.documentLoaderURL;
  const documentRequest = events.find((event) => event.name === 'ResourceSendRequest' && event.args?.data?.url === url)
    ?.args?.data?.requestId;
  const firstByte =
    events.find((event) => event.name === 'ResourceReceiveResponse' && event.args?.data?.requestId === documentRequest)
      ?.ts ?? navigation.ts;
  const lastByte = events.find(
    (event) => event.name === 'ResourceFinish' && event.args?.data?.requestId === documentRequest,
  )?.ts;
  const painted = onMain.find((event) => event.name === 'Paint' && event.ts >= firstByte && event.ts <= presented.ts);
  const inWindow = onMain.filter((event) => event.ts >= firstByte && event.ts <= presented.ts);

  const byKind = new Map<string, number>();
  let taskTime = 0;
  for (const task of inWindow.filter((event) => TASKS.has(event.name))) {
    taskTime += task.tdur ?? 0;
    const end = task.ts + (task.dur ?? 0);
    // Self thread time per kind: each kind's time minus the kinds nested inside it.
    const inside = inWindow
      .filter((event) => KINDS.includes(event.name) && event.ts >= task.ts && event.ts < end)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    // Self thread time per kind: an event's time minus that of the kinds directly inside it.
    const stack: { event: TraceEvent; self: number }[] = [];
    const close = (until: number) => {
      while (stack.length > 0 && stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= until) {
        const { event, self } = stack.pop()!;
        byKind.set(event.name, (byKind.get(event.name) ?? 0) + Math.max(0, self));
      }
    };
    for (const event of inside) {
      close(event.ts);
      if (stack.length > 0) stack.at(-1)!.self -= event.tdur ?? 0;
      stack.push({ event, self: event.tdur ?? 0 });
    }
    close(Number.POSITIVE_INFINITY);
  }
  const scripts = inWindow
    .filter((event) => (event.name === 'EvaluateScript' || event.name === 'FunctionCall') && (event.tdur ?? 0) >= 1000)
    .map((event) =>
      `    ${ms(event.ts - navigation.ts)} ms  ${event.name} ${ms(event.tdur ?? 0)} ms cpu  ${event.args?.data?.url ? path.basename(event.args.data.url) : '(inline)'} ${event.args?.data?.functionName ?? ''}`.trimEnd(),
    );

  const kinds = [...byKind]
    .filter(([, time]) => time >= 500)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, time]) => `${kind} ${ms(time)}`);
  return [
    `${path.basename(file)} (${url})`,
    `  first byte ${ms(firstByte - navigation.ts)} ms, document finished (renderer) ${lastByte ? ms(lastByte - navigation.ts) : '?'} ms, painted ${painted ? ms(painted.ts - navigation.ts) : '?'} ms, presented (FCP) ${ms(presented.ts - navigation.ts)} ms`,
    `  main thread, first byte to presentation: ${ms(taskTime)} ms cpu in tasks; ${kinds.join(', ')}`,
    '  scripts of 1 ms cpu or more in that window:',
    ...(scripts.length > 0 ? scripts : ['    none']),
  ].join('\n');
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error('usage: tsx bench/trace-summary.ts <trace.json>…');
  for (const file of files) console.log(summarize(file));
}
