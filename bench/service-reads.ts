/**
 * "The service's time for the same reads" as a page: the bench loads the page once and reads
 * the emulator's request log to learn which reads it made and in which order, then replays
 * exactly those reads straight against the emulator. Reads the page made side by side are
 * replayed side by side, a read that started only after another finished is replayed after it
 * (waves), so the service's side is what the page could not avoid waiting for.
 */
import { CONTROL_HEADERS } from '../emulator/control';
import type { BenchContext } from './context';

export interface LoggedRead {
  method: string;
  path: string;
  query: string;
  /** ISO 8601 arrival time. */
  time: string;
  durationMs: number;
}

/**
 * Groups reads into waves: a read joins the current wave when it arrived before any read of that
 * wave had finished (the page had not waited for one), otherwise it starts the next wave.
 */
export function readWaves(reads: readonly LoggedRead[]): string[][] {
  const ordered = reads
    .map((read) => ({
      url: `${read.path}${read.query}`,
      start: Date.parse(read.time),
      end: Date.parse(read.time) + read.durationMs,
    }))
    .sort((a, b) => a.start - b.start);
  const waves: string[][] = [];
  let firstEnd = Number.NEGATIVE_INFINITY;
  for (const read of ordered) {
    const current = waves.at(-1);
    if (current && read.start < firstEnd) {
      current.push(read.url);
      firstEnd = Math.min(firstEnd, read.end);
    } else {
      waves.push([read.url]);
      firstEnd = read.end;
    }
  }
  return waves;
}

/**
 * The reads one load of a console page makes. Learnt with 50 ms added to every read, so that
 * reads made side by side overlap clearly in the log (the emulator alone answers almost at once).
 */
export async function discoverReads(context: BenchContext, pagePath: string): Promise<string[][]> {
  const control = `${context.emulatorUrl}/__control/requests`;
  await context.setFaults([{ pattern: '^/', method: 'GET', latencyMs: 50 }]);
  try {
    // Once unmeasured, so that start-up work (caches filled once per process) is not counted.
    await (
      await fetch(`${context.consoleUrl}${pagePath}`, { headers: { cookie: context.cookie }, redirect: 'manual' })
    ).arrayBuffer();
    await fetch(control, { method: 'DELETE', headers: CONTROL_HEADERS });
    const page = await fetch(`${context.consoleUrl}${pagePath}`, {
      headers: { cookie: context.cookie },
      redirect: 'manual',
    });
    await page.arrayBuffer();
    if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`);
    const log = (await (await fetch(control, { headers: CONTROL_HEADERS })).json()) as LoggedRead[];
    return readWaves(log.filter((entry) => entry.method === 'GET'));
  } finally {
    await context.setFaults([]);
  }
}

/** Replays the waves against the emulator; true when every read answered 2xx. */
export async function replayReads(context: BenchContext, waves: readonly string[][]): Promise<boolean> {
  let ok = true;
  for (const wave of waves) {
    const answers = await Promise.all(
      wave.map(async (url) => {
        const response = await fetch(`${context.emulatorUrl}${url}`, {
          headers: { authorization: `Bearer ${context.accessToken}` },
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        return response.ok;
      }),
    );
    ok &&= answers.every(Boolean);
  }
  return ok;
}
