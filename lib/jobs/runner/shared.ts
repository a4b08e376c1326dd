/** What the runner's parts share: its clock, its events, and how a stop reaches a worker. */
import { sleep } from '@/lib/sleep';

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep,
};

export type JobRunnerEvent =
  | { type: 'job_started'; jobId: string; run: number }
  | {
      type: 'job_finished';
      jobId: string;
      status: 'completed' | 'cancelled';
      ok: number;
      failed: number;
      skipped: number;
    }
  | { type: 'items_recovered'; count: number }
  | { type: 'claim_lost'; jobId: string; seq: number }
  | { type: 'error'; message: string };

export interface JobRunnerStats {
  /** Requests sent. */
  sends: number;
  /** Answers by HTTP status ("none" for timeouts and network errors). */
  answers: Record<string, number>;
  itemsFinished: number;
  itemsReleased: number;
  itemsRecovered: number;
}

/** Thrown inside a worker when the runner stops or is killed; never escapes. */
export class Halted extends Error {}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
