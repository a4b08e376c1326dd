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
 * Seconds each spec takes on a quiet two-core machine (the list reporter of a CI run; for the
 * specs whose waits or scans moved, the run before less what moved), only to balance the runs: a
 * wrong figure makes one run longer, never a test wrong. A spec not listed counts as DEFAULT_SECONDS.
 */
const SPEC_SECONDS: Record<string, number> = {
  'accessibility.spec.ts': 165,
  'sessions.spec.ts': 97,
  'entities.spec.ts': 95,
  'approvals.spec.ts': 95,
  'resilience.spec.ts': 62,
  'ux-tables.spec.ts': 52,
  'multi-instance-refresh.spec.ts': 20,
  'statistics.spec.ts': 32,
  'accounts.spec.ts': 41,
  'dashboard.spec.ts': 20,
  'structure.spec.ts': 40,
  'triage.spec.ts': 36,
  'tables.spec.ts': 22,
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
 * access tokens refreshed across instances, page deadlines and an outage. With two runs or more
 * they go in the last run, where their waits overlap the other runs' work instead of adding to
 * it; the other specs are balanced across every run, that one included (its waits leave room).
 */
export const WAITING_SPECS = new Set([
  'approvals.spec.ts',
  'multi-instance-refresh.spec.ts',
  'resilience.spec.ts',
  'sessions.spec.ts',
]);

/**
 * Specs bound by time on a busy machine (first paint under a CPU slowdown, 3 s tokens): never in
 * the waiting run, whose extra consoles and PostgreSQL start in bursts of CPU right when its
 * specs begin.
 */
export const TIMING_SPECS = new Set(['auth.spec.ts', 'first-paint.spec.ts']);

/** The spec files' names in e2e/, those taken on demand left out. */
function specFiles(): string[] {
  return readdirSync(path.join(ROOT, 'e2e')).filter((name) => name.endsWith('.spec.ts') && !ON_DEMAND.has(name));
}

interface Group {
  seconds: number;
  specs: string[];
}

const secondsOf = (name: string) => SPEC_SECONDS[name] ?? DEFAULT_SECONDS;

/** Longest first, each spec to the group (of those it may join) with the least expected time so far. */
function fill(groups: Group[], specs: string[], mayJoin: (group: Group, index: number) => boolean = () => true): void {
  const timed = [...specs].sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b));
  for (const name of timed) {
    const candidates = groups.filter(mayJoin);
    const lightest = candidates.reduce((least, group) => (group.seconds < least.seconds ? group : least));
    lightest.seconds += secondsOf(name);
    lightest.specs.push(name);
  }
}

/**
 * The spec files (`e2e/<name>.spec.ts`, as Playwright's file filter takes them) in `count` runs:
 * one run of them all; or the waiting specs in the last run and the others balanced across every
 * run, the ones bound by time kept out of the waiting run.
 */
export function e2eShards(count: number, specs = specFiles()): string[][] {
  const groups: Group[] = Array.from({ length: Math.max(1, Math.min(count, specs.length)) }, () => ({
    seconds: 0,
    specs: [],
  }));
  const waiting = specs.filter((name) => WAITING_SPECS.has(name));
  if (groups.length === 1 || waiting.length === 0) {
    fill(groups, specs);
  } else {
    const last = groups.length - 1;
    fill(groups, waiting, (_group, index) => index === last);
    fill(
      groups,
      specs.filter((name) => TIMING_SPECS.has(name)),
      (_group, index) => index !== last,
    );
    fill(
      groups,
      specs.filter((name) => !WAITING_SPECS.has(name) && !TIMING_SPECS.has(name)),
    );
  }
  return groups
    .filter((group) => group.specs.length > 0)
    .map((group) => group.specs.map((name) => `e2e/${name}`).sort());
}
