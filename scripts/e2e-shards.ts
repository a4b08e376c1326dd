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
 * The spec files (`e2e/<name>.spec.ts`, as Playwright's file filter takes them) in `count` groups
 * of about equal expected time: longest first, each to the group with the least so far.
 */
export function e2eShards(count: number): string[][] {
  const specs = readdirSync(path.join(ROOT, 'e2e'))
    .filter((name) => name.endsWith('.spec.ts') && !ON_DEMAND.has(name))
    .map((name) => ({ name, seconds: SPEC_SECONDS[name] ?? DEFAULT_SECONDS }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const groups = Array.from({ length: Math.max(1, Math.min(count, specs.length)) }, () => ({ seconds: 0, specs: [] as string[] }));
  for (const spec of specs) {
    const lightest = groups.reduce((least, group) => (group.seconds < least.seconds ? group : least));
    lightest.seconds += spec.seconds;
    lightest.specs.push(`e2e/${spec.name}`);
  }
  return groups.map((group) => group.specs.sort());
}
