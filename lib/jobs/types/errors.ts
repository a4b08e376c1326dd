import { ActionRejectedError } from '@/lib/rejected';

/** A refused command: wrong state, unknown job, count mismatch, bad input. Safe to show. */
export type JobCommandErrorCode =
  | 'not_found'
  | 'invalid'
  | 'wrong_status'
  | 'count_mismatch'
  | 'empty'
  | 'stale'
  | 'nothing_to_retry'
  | 'not_revertible';

export class JobCommandError extends ActionRejectedError {
  declare readonly code: JobCommandErrorCode;

  constructor(code: JobCommandErrorCode, message: string) {
    super(message, code);
    this.name = 'JobCommandError';
  }
}
