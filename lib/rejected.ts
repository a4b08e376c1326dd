/**
 * The console's own refusal of a command (a job in the wrong state, a confirmation that does not
 * match), shared by the action guard (lib/actions), which shows it, and the engines that throw
 * it (lib/jobs), which must not depend on the guard. Its message is written for the operator.
 */
export class ActionRejectedError extends Error {
  /** A stable reason for callers that branch on it (e.g. `count_mismatch`); not shown. */
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.name = 'ActionRejectedError';
    this.code = code;
  }
}
