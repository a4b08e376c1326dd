/**
 * The console's own refusal of a command (a job in the wrong state, a confirmation that does not
 * match), shared by the action guard (lib/actions), which shows it, and the engines that throw
 * it (lib/jobs), which must not depend on the guard. Its message is written for the operator.
 */
/** Where a refusal sends the operator, with the link's words. */
export interface RejectionLink {
  href: string;
  label: string;
}

export class ActionRejectedError extends Error {
  /** A stable reason for callers that branch on it (e.g. `count_mismatch`); not shown. */
  readonly code: string | undefined;
  /** A page the refusal points at (the record a write collided with), shown with the message. */
  readonly link: RejectionLink | undefined;

  constructor(message: string, code?: string, link?: RejectionLink) {
    super(message);
    this.name = 'ActionRejectedError';
    this.code = code;
    this.link = link;
  }
}
