/**
 * How `npm test` splits the Playwright specs into runs that go side by side, each against a stack
 * of its own (emulator and console on ports of their own, see e2e/stack.ts). Within a run the
 * specs still go one at a time against one emulator (playwright.config.ts); a spec never spans two
 * runs, so no spec sees another run's changes. Much of a spec's time is waiting (expiries, idle
 * timeouts, re-read cadences, page deadlines), which the other run fills.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './settings';

/**
 * Seconds each spec took on a quiet two-core machine (the list reporter of a CI run), only to
 * balance the runs: a wrong figure makes one run longer, never a test wrong. A spec not listed
 * counts as DEFAULT_SECONDS.
 */
const SPEC_SECONDS: Record<string, number> = {
  'accessibility.spec.ts': 160,
  'sessions.spec.ts': 127,
  'entities.spec.ts': 95,
  'approvals.spec.ts': 87,
  'resilience.spec.ts': 62,
  'ux-tables.spec.ts': 52,
  'multi-instance-refresh.spec.ts': 60,
  'statistics.spec.ts': 44,
  'accounts.spec.ts': 41,
  'dashboard.spec.ts': 40,
  'structure.spec.ts': 40,
  'triage.spec.ts': 36,
  'tables.spec.ts': 34,
  'incidents.spec.ts': 31,
  'auth.spec.ts': 30,
  'access-control.spec.ts': 29,
  'background-plan.spec.ts': 26,
  'agents.spec.ts': 22,
  'domains.spec.ts': 20,
  'names.spec.ts': 17,
  'bulk-verify.spec.ts': 16,
  'message-status.spec.ts': 15,
  'account-views.spec.ts': 14,
  'live-filters.spec.ts': 14,
  'job-origin.spec.ts': 9,
  'first-paint.spec.ts': 8,
  'orphan-names.spec.ts': 5,
};
const DEFAULT_SECONDS = 30;
/** Taken on demand only (`npm run screenshots`), as playwright.config.ts says. */
const ON_DEMAND = new Set(['screenshots.spec.ts']);

/**
 * Specs whose time is mostly waiting, at little CPU: an idle timeout, an approval's expiry,
 * access tokens left to expire, page deadlines and an outage. With two runs or more they make a
 * run of their own, where their waits overlap the other runs' work instead of adding to it. The
 * specs bound by time on a busy machine (first paint under a CPU slowdown, 3 s tokens) stay in
 * the other runs, which a waiting run hardly loads; two busy runs side by side made those fail
 * about one run in two.
 */
export const WAITING_SPECS = new Set(['approvals.spec.ts', 'multi-instance-refresh.spec.ts', 'resilience.spec.ts', 'sessions.spec.ts']);

/** The spec files' names in e2e/, those taken on demand left out. */
function specFiles(): string[] {
  return readdirSync(path.join(ROOT, 'e2e')).filter((name) => name.endsWith('.spec.ts') && !ON_DEMAND.has(name));
}

/** Groups of about equal expected time: longest first, each to the group with the least so far. */
function balance(specs: string[], count: number): string[][] {
  const timed = specs
    .map((name) => ({ name, seconds: SPEC_SECONDS[name] ?? DEFAULT_SECONDS }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const groups = Array.from({ length: Math.max(1, Math.min(count, timed.length)) }, () => ({ seconds: 0, specs: [] as string[] }));
  for (const spec of timed) {
    const lightest = groups.reduce((least, group) => (group.seconds < least.seconds ? group : least));
    lightest.seconds += spec.seconds;
    lightest.specs.push(spec.name);
  }
  return groups.map((group) => group.specs);
}

/**
 * The spec files (`e2e/<name>.spec.ts`, as Playwright's file filter takes them) in `count` runs:
 * one run of them all, or the waiting specs in a run of their own and the others balanced
 * across the rest.
 */
export function e2eShards(count: number, specs = specFiles()): string[][] {
  const waiting = specs.filter((name) => WAITING_SPECS.has(name));
  const busy = specs.filter((name) => !WAITING_SPECS.has(name));
  const groups = count <= 1 || waiting.length === 0 || busy.length === 0 ? balance(specs, count) : [...balance(busy, count - 1), waiting];
  return groups.map((group) => group.map((name) => `e2e/${name}`).sort());
}
