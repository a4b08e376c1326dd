/**
 * The runner's pacer: the local RatePacer, consulting the send budget shared through the
 * database when there is one (PostgreSQL: any number of console instances), and starting from
 * the limits another instance learned.
 */
import type { ConsoleDb } from '@/lib/db';
import { RatePacer } from './rate-pacer';
import { Halted } from '../runner/shared';
import { sharedBudgetFor } from './shared-budget';

/**
 * ASSUMPTION: every console on one database calls the service as the same machine client
 * (VOICE_JOBS_CLIENT_ID), and the service counts that client's writes in one budget, as the
 * emulator does for one token; so the budget is shared per service and client. Were the
 * service to count each token apart, sharing would only be cautious (each instance gets part of
 * a budget it has whole).
 */
export function rateBucketOf(service: { baseUrl: string; clientId: string }): string {
  return `${service.baseUrl} ${service.clientId}`;
}

export function createRunnerPacer(
  db: ConsoleDb,
  options: { bucket: string; random: () => number; guard: () => void; onError: (error: unknown) => void },
): RatePacer {
  const budget = sharedBudgetFor(db, {
    bucket: options.bucket,
    guard: options.guard,
    onError: (error) => {
      if (!(error instanceof Halted)) options.onError(error);
    },
  });
  const pacer = new RatePacer({ random: options.random, budget });
  budget?.learned().then(
    (learned) => learned && pacer.prime(learned),
    () => {},
  );
  return pacer;
}
