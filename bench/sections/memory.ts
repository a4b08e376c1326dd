/**
 * Memory: the console's peak resident memory (its whole process group; in
 * Next 16 `next start` is one process, next-server, run with the flags of
 * scripts/console-runtime.ts) while 50 operators (BENCH_OPERATORS) load the messages list, a
 * message, a user and the dashboard without pausing, sampled every 250 ms from /proc.
 * Budget: peak RSS under 500 MB (1,000,000 bytes each).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { budgetRow, failedRow, round1 } from '../budgets';
import type { BenchSection } from '../context';
import { measure, summarize } from '../load';
import { serverTimePages } from '../pages';

const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 50);
const LIMIT_MB = 500;

/** Resident bytes of every process in the group (Linux /proc; 0 elsewhere). */
export function groupRssBytes(processGroup: number): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return 0;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, ppid, pgrp, …
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (group !== processGroup) continue;
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // the process ended while being read
    }
  }
  return total;
}

export const memorySection: BenchSection = {
  name: 'memory',
  async run(context) {
    const spec = {
      id: 'memory.peak-rss',
      title: `peak RSS, ${OPERATORS} operators without pause`,
      comparison: 'at-most' as const,
      limit: LIMIT_MB,
      unit: 'MB',
    };
    const idle = groupRssBytes(context.consolePid);
    if (idle === 0) return { rows: [failedRow(spec, 'no /proc to read the console process group from')] };
    const pages = await serverTimePages(context.emulatorUrl, context.accessToken);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, groupRssBytes(context.consolePid));
    }, 250);
    context.log(`memory: ${OPERATORS} operators for ${context.durationSeconds} s…`);
    try {
      const share = (index: number) =>
        Math.floor(OPERATORS / pages.length) + (index < OPERATORS % pages.length ? 1 : 0);
      const results = await Promise.all(
        pages.map((page, index) =>
          measure({
            url: `${context.consoleUrl}${page.path}`,
            headers: { cookie: context.cookie },
            connections: share(index),
            durationSeconds: context.durationSeconds,
          }),
        ),
      );
      const stats = summarize(results);
      peak = Math.max(peak, groupRssBytes(context.consolePid));
      const mb = (bytes: number) => round1(bytes / 1_000_000);
      return {
        // Without a completed page load the server never held 50 renders' worth: no figure.
        rows: [
          budgetRow(spec, stats.errors === 0 && stats.requests > 0 ? mb(peak) : null, {
            anchor: `idle ${mb(idle)} MB`,
            note: `${stats.requests} page loads, p95 ${stats.p95} ms, ${stats.non2xx} non-2xx, ${stats.errors} errors`,
          }),
        ],
        details: { operators: OPERATORS, idleBytes: idle, peakBytes: peak, load: stats },
      };
    } finally {
      clearInterval(sampler);
    }
  },
};
