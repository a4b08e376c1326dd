/**
 * How many CSV exports may run at once: per operator, so one operator cannot take the service's
 * whole rate limit (or the console's database) from the others, and per process, so many
 * operators together cannot either. A refused export is answered 429 at once with what to do;
 * it never queues.
 */
import { z } from 'zod';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const count = (fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(1000).default(fallback));

export const EXPORT_LIMIT_DEFAULTS = {
  EXPORT_MAX_PER_OPERATOR: 2,
  EXPORT_MAX_PER_PROCESS: 8,
  EXPORT_RATE_HEADROOM: 10,
} as const;

export const exportEnvSchema = z.object({
  EXPORT_MAX_PER_OPERATOR: count(EXPORT_LIMIT_DEFAULTS.EXPORT_MAX_PER_OPERATOR),
  EXPORT_MAX_PER_PROCESS: count(EXPORT_LIMIT_DEFAULTS.EXPORT_MAX_PER_PROCESS),
  EXPORT_RATE_HEADROOM: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(0).max(10_000).default(EXPORT_LIMIT_DEFAULTS.EXPORT_RATE_HEADROOM),
  ),
});

export interface ExportSettings {
  perOperator: number;
  perProcess: number;
  /** Requests of each rate-limit window an export leaves to the operator's other work. */
  rateHeadroom: number;
}

/** The validated settings (see .env.example); throws one readable error naming every bad one. */
export function exportSettings(env: Record<string, string | undefined> = process.env): ExportSettings {
  const parsed = exportEnvSchema.safeParse(
    Object.fromEntries(Object.keys(exportEnvSchema.shape).map((key) => [key, env[key]])),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid export settings:\n  ${problems.join('\n  ')}`);
  }
  return {
    perOperator: parsed.data.EXPORT_MAX_PER_OPERATOR,
    perProcess: parsed.data.EXPORT_MAX_PER_PROCESS,
    rateHeadroom: parsed.data.EXPORT_RATE_HEADROOM,
  };
}

export type ExportSlot =
  | { ok: true; release: () => void }
  | { ok: false; scope: 'operator' | 'process'; message: string };

/** Counts running exports; `release` is idempotent, so every way an export ends may call it. */
export class ExportSlots {
  private readonly byOperator = new Map<string, number>();
  private running = 0;

  constructor(private readonly limits: Pick<ExportSettings, 'perOperator' | 'perProcess'>) {}

  acquire(operatorId: string): ExportSlot {
    const mine = this.byOperator.get(operatorId) ?? 0;
    if (mine >= this.limits.perOperator) {
      const plural = this.limits.perOperator === 1 ? 'export' : 'exports';
      return {
        ok: false,
        scope: 'operator',
        message: `You already have ${mine} ${plural} running (at most ${this.limits.perOperator} at a time). Wait for one to finish, then try again.`,
      };
    }
    if (this.running >= this.limits.perProcess) {
      return {
        ok: false,
        scope: 'process',
        message: `The console is running ${this.running} exports for operators, its most at a time. Try again in a minute.`,
      };
    }
    this.byOperator.set(operatorId, mine + 1);
    this.running++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        const left = (this.byOperator.get(operatorId) ?? 1) - 1;
        if (left > 0) this.byOperator.set(operatorId, left);
        else this.byOperator.delete(operatorId);
      },
    };
  }

  /** Exports running now: in all, and for one operator. */
  count(operatorId?: string): number {
    return operatorId === undefined ? this.running : (this.byOperator.get(operatorId) ?? 0);
  }
}

/** The 429 answer to a refused export: JSON with the message, and when to try again. */
export function tooManyExportsResponse(refusal: Extract<ExportSlot, { ok: false }>): Response {
  return Response.json(
    { error: 'too_many_exports', scope: refusal.scope, message: refusal.message },
    { status: 429, headers: { 'cache-control': 'no-store', 'retry-after': '30' } },
  );
}
