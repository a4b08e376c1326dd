/**
 * What a runner does with the answer to one item's request: a pure mapping from the service's
 * answer (or the error) and the item's tries so far to the next step. No clock, no database:
 * the worker (worker.ts) carries the step out.
 */
import { isUnreadableSuccess, isUpstreamError, type UpstreamError } from '@/lib/upstream/client';
import type { ItemOutcome } from './item-store';

/** An item's tries so far in this claim. */
export interface TryState {
  /** Failed tries that count towards maxAttempts (5xx, timeouts, network errors). */
  attempts: number;
  /** 429s received. */
  rateLimited: number;
  /** Whether the machine token was already renewed after a 401. */
  refreshedToken: boolean;
}

export interface TryLimits {
  maxAttempts: number;
  maxRateLimitRetries: number;
}

export type NextStep =
  /** Write this outcome: the item has ended. */
  | { kind: 'finish'; outcome: ItemOutcome }
  /** Send again once the pacer allows (a 429: not applied by the service). */
  | { kind: 'resend' }
  /** Renew the machine token, then send again. */
  | { kind: 'refresh_token' }
  /** Note the failed try, wait the backoff for `attempts`, then send again. */
  | { kind: 'retry'; attempts: number; error: string; upstreamStatus: number | null; upstreamRequestId: string | null };

/** The answer to a request: a response with its status and the record's status, or what was thrown. */
export type Answer =
  | { response: { status: number; requestId: string | null; statusAfter: string | null } }
  | { error: unknown };

export function describeFailure(error: UpstreamError): string {
  const status = error.status ? ` ${error.status}` : '';
  const message = error.serviceMessage ?? error.guidance;
  const requestId = error.requestId ? ` [request ${error.requestId}]` : '';
  return `${error.kind}${status}: ${message}${requestId}`;
}

/** The next step for an answer, and the try state after it. */
export function nextStep(answer: Answer, state: TryState, limits: TryLimits): { step: NextStep; state: TryState } {
  const { attempts } = state;
  if ('response' in answer) {
    const { response } = answer;
    return {
      step: {
        kind: 'finish',
        outcome: {
          status: 'ok',
          statusAfter: response.statusAfter,
          upstreamStatus: response.status,
          upstreamRequestId: response.requestId,
          attempts,
        },
      },
      state,
    };
  }
  const failure = answer.error;
  if (!isUpstreamError(failure)) {
    const text = failure instanceof Error ? failure.message : String(failure);
    return {
      step: { kind: 'finish', outcome: { status: 'failed', error: `console error: ${text}`, attempts } },
      state,
    };
  }
  const reason = describeFailure(failure);
  const where = { upstreamStatus: failure.status ?? null, upstreamRequestId: failure.requestId ?? null };
  const failed = (why: string) => ({
    step: { kind: 'finish', outcome: { status: 'failed', error: why, ...where, attempts } } as NextStep,
    state,
  });
  if (isUnreadableSuccess(failure)) {
    // Failing the item would have "retry failed" send it again and a revert leave it out.
    return {
      step: {
        kind: 'finish',
        outcome: {
          status: 'ok',
          statusAfter: null,
          error: `applied, but the answer did not match the contract: ${reason}`,
          ...where,
          attempts,
        },
      },
      state,
    };
  }
  switch (failure.kind) {
    case 'rate_limited': {
      const rateLimited = state.rateLimited + 1;
      if (rateLimited > limits.maxRateLimitRetries) return failed(`${reason} (rate limited ${rateLimited} times)`);
      return { step: { kind: 'resend' }, state: { ...state, rateLimited } };
    }
    case 'unauthorized':
      if (state.refreshedToken) return failed(`${reason} (after a fresh machine token)`);
      return { step: { kind: 'refresh_token' }, state: { ...state, refreshedToken: true } };
    case 'server':
    case 'timeout':
    case 'network': {
      const next = attempts + 1;
      if (next >= limits.maxAttempts)
        return {
          step: {
            kind: 'finish',
            outcome: { status: 'failed', error: `${reason} (${next} attempts)`, ...where, attempts: next },
          },
          state: { ...state, attempts: next },
        };
      return {
        step: { kind: 'retry', attempts: next, error: `${reason} (retrying)`, ...where },
        state: { ...state, attempts: next },
      };
    }
    default:
      // 4xx, or an answer that breaks the contract: retrying would get the same answer.
      return failed(reason);
  }
}
