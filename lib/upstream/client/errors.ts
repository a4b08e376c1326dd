/** The one error type for every failed call to the voice service. */

export type UpstreamErrorKind =
  | 'unauthorized' // 401: token missing, expired or without the admin scope
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'bad_request' // other 4xx: the service refused the input
  | 'rate_limited' // 429
  | 'server' // 5xx
  | 'timeout' // no answer within the per-request timeout
  | 'network' // connection refused, reset, DNS
  | 'invalid_response'; // an answer that does not match the contract

export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  /** When the window resets, epoch milliseconds. */
  resetAt: number | null;
}

export interface UpstreamErrorDetails {
  kind: UpstreamErrorKind;
  method: string;
  path: string;
  status?: number;
  requestId?: string;
  /** The service's own message (`errmsg`), which is safe to show an operator as text. */
  serviceMessage?: string;
  /** The service's error code, where it names one (e.g. SHARED_MESSAGE_EXPIRED). */
  code?: string;
  rateLimit?: RateLimitInfo;
  /**
   * A call that changes state and may have reached the service before it failed (a timeout, a
   * connection lost after sending): retrying could apply it twice.
   */
  mayHaveApplied?: boolean;
}

const MAY_HAVE_APPLIED_GUIDANCE =
  'The service did not answer, so this may or may not have been applied. Reload the record and check before trying again: a second try could apply it twice.';

const GUIDANCE: Record<UpstreamErrorKind, string> = {
  unauthorized: 'The service did not accept the session. Sign in again.',
  forbidden: 'The service refused this for your account.',
  not_found: 'The service has no such record. It may have been deleted or merged.',
  bad_request: 'The service rejected the request. Check the input and try again.',
  rate_limited: 'The service is rate-limiting the console. Wait a moment and retry.',
  server: 'The service failed. Retry; if it keeps failing, check the service status.',
  timeout: 'The service did not answer in time. Retry; if it persists, the service may be degraded.',
  network: 'The console could not reach the service. Check that it is running and reachable.',
  invalid_response: 'The service answered in an unexpected shape. Report this with the request id.',
};

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly serviceMessage?: string;
  readonly code?: string;
  readonly rateLimit?: RateLimitInfo;
  readonly mayHaveApplied: boolean;

  constructor(details: UpstreamErrorDetails, options?: { cause?: unknown }) {
    const status = details.status ? ` ${details.status}` : '';
    super(
      `${details.method} ${details.path} failed:${status} ${details.kind}${details.serviceMessage ? ` (${details.serviceMessage})` : ''}`,
      options,
    );
    this.name = 'UpstreamError';
    this.kind = details.kind;
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.requestId = details.requestId;
    this.serviceMessage = details.serviceMessage;
    this.code = details.code;
    this.rateLimit = details.rateLimit;
    this.mayHaveApplied = details.mayHaveApplied ?? false;
  }

  /** What the operator should do next. */
  get guidance(): string {
    return this.mayHaveApplied ? MAY_HAVE_APPLIED_GUIDANCE : GUIDANCE[this.kind];
  }
}

export function isUpstreamError(value: unknown): value is UpstreamError {
  return value instanceof UpstreamError;
}

/**
 * A 2xx whose body breaks the contract: the service did what was asked; only its answer is
 * unreadable. Callers count the operation as done rather than failed (a retry would repeat it).
 */
export function isUnreadableSuccess(value: unknown): boolean {
  return (
    isUpstreamError(value) &&
    value.kind === 'invalid_response' &&
    value.status !== undefined &&
    value.status >= 200 &&
    value.status < 300
  );
}

/** What the browser may see of a failure: no token, no raw body. */
export interface UpstreamFailure {
  kind: UpstreamErrorKind;
  status: number | null;
  requestId: string | null;
  message: string;
  guidance: string;
}

export function describeUpstreamError(error: UpstreamError): UpstreamFailure {
  return {
    kind: error.kind,
    status: error.status ?? null,
    requestId: error.requestId ?? null,
    message: error.serviceMessage ?? `${error.method} ${error.path}: ${error.kind.replace('_', ' ')}`,
    guidance: error.guidance,
  };
}
