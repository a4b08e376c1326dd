/**
 * How `npm test` splits the Playwright specs into runs that go side by side, each against a stack
 * of its own (emulator and console on ports of their own, see e2e/stack.ts). Within a run the
 * specs still go one at a time against one emulator (playwright.config.ts); a spec never spans two
 * runs, so no spec sees another run's changes. Much of a spec's time is waiting (expiries, idle
 * timeouts, re-read cadences, page deadlines), which the other run fills.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Seconds each spec took in a three-run `npm test` on a busy two-core machine (the JSON reports of
 * the runs; operations.spec.ts, whose first attempt failed there, estimated), only to balance the
 * runs: a wrong figure makes one run longer, never a test wrong. What matters is their ratios,
 * which the browser's CPU sets for most specs and the waits for the waiting ones. A spec not
 * listed counts as DEFAULT_SECONDS.
 */
const SPEC_SECONDS: Record<string, number> = {
  'accessibility.spec.ts': 340,
  'accessibility-pages.spec.ts': 330,
  'watch-rules.spec.ts': 300,
  'notification-channels.spec.ts': 150,
  'saved-views.spec.ts': 60,
  'entities.spec.ts': 148,
  'ux-tables.spec.ts': 136,
  'approvals.spec.ts': 125,
  'sessions.spec.ts': 114,
  'operators.spec.ts': 112,
  'operations.spec.ts': 90,
  'access-control.spec.ts': 89,
  'records.spec.ts': 86,
  'auth.spec.ts': 85,
  'accounts.spec.ts': 75,
  'resilience.spec.ts': 67,
  'structure.spec.ts': 59,
  'agents.spec.ts': 58,
  'background-plan.spec.ts': 47,
  'first-paint.spec.ts': 47,
  'domains.spec.ts': 44,
  'incidents.spec.ts': 40,
  'statistics.spec.ts': 34,
  'operator-round-two.spec.ts': 34,
  'triage.spec.ts': 34,
  'shutdown.spec.ts': 32,
  'message-status.spec.ts': 29,
  'bulk-verify.spec.ts': 27,
  'live-filters.spec.ts': 25,
  'dashboard.spec.ts': 23,
  'names.spec.ts': 23,
  'account-views.spec.ts': 20,
  'tables.spec.ts': 19,
  'job-origin.spec.ts': 14,
  'leads.spec.ts': 12,
  'orphan-names.spec.ts': 12,
  'multi-instance-refresh.spec.ts': 8,
  'no-script-forms.spec.ts': 6,
};
const DEFAULT_SECONDS = 30;
/** Taken on demand only (`npm run screenshots`), as playwright.config.ts says. */
const ON_DEMAND = new Set(['screenshots.spec.ts']);

/**
 * Specs whose time is mostly waiting, at little CPU: an idle timeout, an approval's expiry,
 * access tokens refreshed across instances, page deadlines, an outage and a watch rule's minute.
 * With two runs or more they go in the last run, where their waits overlap the other runs' work
 * instead of adding to it; the other specs are balanced across every run, that one included (its
 * waits leave room).
 */
export const WAITING_SPECS = new Set([
  'approvals.spec.ts',
  'multi-instance-refresh.spec.ts',
  'resilience.spec.ts',
  'sessions.spec.ts',
  'watch-rules.spec.ts',
]);

/**
 * Specs bound by time on a busy machine (first paint under a CPU slowdown, 3 s tokens): never in
 * the waiting run, whose extra consoles and PostgreSQL start in bursts of CPU right when its
 * specs begin.
 */
export const TIMING_SPECS = new Set(['auth.spec.ts', 'first-paint.spec.ts']);

/**
 * The spec files' names in the repository at `root`'s e2e/, those taken on demand left out.
 * (Given the root rather than importing it: playwright.config.ts reads WAITING_SPECS from here,
 * and Playwright's loader cannot load scripts/settings.ts.)
 */
export function specFiles(root: string): string[] {
  return readdirSync(path.join(root, 'e2e')).filter((name) => name.endsWith('.spec.ts') && !ON_DEMAND.has(name));
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
export function e2eShards(count: number, specs: string[]): string[][] {
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
