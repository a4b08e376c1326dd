/**
 * What every section of `npm run bench` gets: the running console and emulator (started once by
 * `bench/run.ts`), a signed-in operator's cookie, the service token, and helpers. A section
 * measures, returns its budget rows (`bench/budgets.ts`) and any details for
 * `bench/results/latest.json`; it stops whatever it started itself and leaves the emulator's
 * faults as it found them (none).
 */
import type { BudgetRow } from './budgets';

export interface FaultRule {
  pattern: string;
  method?: string;
  latencyMs?: number;
  status?: number;
}

/** The console of another commit, run beside the current one (`BENCH_BASE`, `bench/base-worktree.ts`). */
export interface BenchBase {
  /** The revision as given, e.g. `faf4cd2` or `main`. */
  revision: string;
  commit: string;
  dir: string;
  consoleUrl: string;
  /** Process id of its console server. */
  consolePid: number;
}

export interface BenchContext {
  root: string;
  consoleUrl: string;
  emulatorUrl: string;
  /** `name=value` of a signed-in admin operator's session cookie. */
  cookie: string;
  /** The bench machine client's bearer token for the emulator's `/admin` API. */
  accessToken: string;
  /** Process id of the console server (its process group holds next-server). */
  consolePid: number;
  /** With BENCH_BASE: the base's console, signed in with the same cookie; sections measure it beside the current one. */
  base?: BenchBase;
  /** Seconds of load per target, split into `rounds` alternating rounds. */
  durationSeconds: number;
  rounds: number;
  /** Ports a section may use for servers of its own: `freePort(0)`, `freePort(1)`… */
  freePort(index: number): number;
  /** Replaces the emulator's fault rules (an empty list removes them). */
  setFaults(rules: FaultRule[]): Promise<void>;
  log(message: string): void;
}

export interface SectionResult {
  rows: BudgetRow[];
  details?: unknown;
}

export interface BenchSection {
  /** Short name, used by BENCH_ONLY=name,name and as the key of its details. */
  name: string;
  run(context: BenchContext): Promise<SectionResult>;
}
