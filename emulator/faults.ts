/**
 * Fault injection for tests and benchmarks, off by default. Rules match a request by a regular
 * expression on its path (and optionally its method, and one on its decoded query string, so a
 * test can fault the later pages of a read and let its first through); each matching rule applies with its
 * `probability` (default 1). Latency of every applying rule adds up; then the first applying
 * rule with an outcome decides it: `hang` (never answered), `rateLimit` (429 with the
 * X-RateLimit headers), an error (`status`, default 500, for an `errorRate` share of requests,
 * every request when only `status` is given) or `malformedJson` (200 with a truncated JSON
 * body). A faulted request never reaches its handler, so it changes nothing.
 *
 * Draws come from a PRNG seeded with `seed` when given, so tests can count outcomes.
 */
import { z } from 'zod';
import { createRandom, type Random } from './seed/random';

const regexSource = z
  .string()
  .min(1)
  .max(500)
  .refine((source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  }, 'is not a valid regular expression');

const faultRuleSchema = z
  .object({
    pattern: regexSource,
    method: z.string().min(1).max(10).toUpperCase().optional(),
    /** On the query string as decoded, `?` included (`?range=[3,5]&...`); '' when there is none. */
    query: regexSource.optional(),
    probability: z.number().min(0).max(1).optional(),
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    errorRate: z.number().min(0).max(1).optional(),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    rateLimit: z.boolean().optional(),
    hang: z.boolean().optional(),
    malformedJson: z.boolean().optional(),
  })
  .strict();

export const faultConfigSchema = z
  .object({
    rules: z.array(faultRuleSchema).max(100),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
  })
  .strict();
export type FaultConfig = z.infer<typeof faultConfigSchema>;

/** `POST /__control/faults` and EMULATOR_FAULTS take the config, or just the list of rules. */
export const faultConfigInputSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { rules: value } : value),
  faultConfigSchema,
);

export type FaultOutcome =
  | { kind: 'hang' }
  | { kind: 'rateLimit' }
  | { kind: 'error'; status: number }
  | { kind: 'malformedJson' };

export interface FaultDecision {
  latencyMs: number;
  outcome: FaultOutcome | null;
}

const NO_FAULT: FaultDecision = { latencyMs: 0, outcome: null };

export class FaultInjector {
  private config: FaultConfig = { rules: [] };
  private patterns: RegExp[] = [];
  private queries: (RegExp | null)[] = [];
  private random: Random | null = null;

  constructor(initial?: FaultConfig) {
    if (initial) this.set(initial);
  }

  get(): FaultConfig {
    return this.config;
  }

  set(config: FaultConfig): void {
    this.config = config;
    this.patterns = config.rules.map((rule) => new RegExp(rule.pattern));
    this.queries = config.rules.map((rule) => (rule.query === undefined ? null : new RegExp(rule.query)));
    this.random = config.seed === undefined ? null : createRandom(config.seed);
  }

  clear(): void {
    this.set({ rules: [] });
  }

  /** `query` is the request's query string as sent (`?` included, or ''). */
  decide(method: string, path: string, query = ''): FaultDecision {
    if (this.config.rules.length === 0) return NO_FAULT;
    let latencyMs = 0;
    let outcome: FaultOutcome | null = null;
    this.config.rules.forEach((rule, index) => {
      if (rule.method !== undefined && rule.method !== method) return;
      if (!(this.patterns[index] as RegExp).test(path)) return;
      const queryPattern = this.queries[index];
      if (queryPattern && !queryPattern.test(decodedQuery(query))) return;
      if (rule.probability !== undefined && this.draw() >= rule.probability) return;
      latencyMs += rule.latencyMs ?? 0;
      if (outcome) return;
      if (rule.hang) outcome = { kind: 'hang' };
      else if (rule.rateLimit) outcome = { kind: 'rateLimit' };
      else if (rule.errorRate !== undefined ? this.draw() < rule.errorRate : rule.status !== undefined) {
        outcome = { kind: 'error', status: rule.status ?? 500 };
      } else if (rule.malformedJson) outcome = { kind: 'malformedJson' };
    });
    return { latencyMs, outcome };
  }

  private draw(): number {
    return this.random ? this.random.next() : Math.random();
  }
}

/** The query string with its escapes undone, for rules written as the service's convention reads. */
function decodedQuery(query: string): string {
  try {
    return decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return query;
  }
}
