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
 * Seconds each spec took in a three-run `npm test` of a clean clone on a two-core machine with
 * nothing else running (from the JSON reports of the runs: its tests with their hooks, such as a
 * console of its own started, without its run's stack starting), only to balance the runs: a
 * wrong figure makes one run longer, never a test wrong. What matters is their ratios, which the
 * browser's CPU sets for most specs and the waits for the waiting ones. A spec not listed counts
 * as DEFAULT_SECONDS.
 */
const SPEC_SECONDS: Record<string, number> = {
  'watch-rules.spec.ts': 156,
  'approvals.spec.ts': 83,
  'entities.spec.ts': 78,
  'resilience.spec.ts': 74,
  'accessibility.spec.ts': 64,
  'sessions.spec.ts': 61,
  'accessibility-pages.spec.ts': 57,
  'access-control.spec.ts': 43,
  'ux-tables.spec.ts': 41,
  'auth.spec.ts': 40,
  'operators.spec.ts': 37,
  'background-plan.spec.ts': 36,
  'triage.spec.ts': 34,
  'structure.spec.ts': 34,
  'accounts.spec.ts': 34,
  'first-paint.spec.ts': 31,
  'operations.spec.ts': 25,
  'incidents.spec.ts': 25,
  'records.spec.ts': 24,
  'agents.spec.ts': 23,
  'statistics.spec.ts': 22,
  'account-views.spec.ts': 21,
  'live-filters.spec.ts': 20,
  'shutdown.spec.ts': 19,
  'operator-round-two.spec.ts': 19,
  'domains.spec.ts': 18,
  'saved-views.spec.ts': 18,
  'bulk-verify.spec.ts': 15,
  'message-status.spec.ts': 14,
  'notification-channels.spec.ts': 14,
  'names.spec.ts': 14,
  'dashboard.spec.ts': 11,
  'leads.spec.ts': 10,
  'tables.spec.ts': 9,
  'multi-instance-refresh.spec.ts': 8,
  'job-origin.spec.ts': 6,
  'no-script-forms.spec.ts': 3,
  'orphan-names.spec.ts': 3,
};
const DEFAULT_SECONDS = 30;
/** Taken on demand only (`npm run screenshots`), as playwright.config.ts says. */
const ON_DEMAND = new Set(['screenshots.spec.ts']);

/**
 * Specs whose time is mostly waiting, at little CPU: an idle timeout, an approval's expiry,
 * access tokens refreshed across instances, page deadlines and an outage. (The watch rule spec
 * waits too, but as long as these together: it goes with the busy specs, to balance the runs.)
 * With two runs or more they go in the last run, where their waits overlap the other runs' work
 * instead of adding to it; the other specs are balanced across every run, that one included (its
 * waits leave room).
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
