/** The pure mapping from a service answer (or error) and an item's tries to the runner's next step. */
import { describe, expect, it } from 'vitest';
import { nextStep, type TryState } from '@/lib/jobs/runner';
import { UpstreamError, type UpstreamErrorKind } from '@/lib/upstream/client';

const fresh: TryState = { attempts: 0, rateLimited: 0, refreshedToken: false };
const limits = { maxAttempts: 3, maxRateLimitRetries: 2 };
const error = (
  kind: UpstreamErrorKind,
  status?: number,
  extra: Partial<ConstructorParameters<typeof UpstreamError>[0]> = {},
) =>
  new UpstreamError({
    kind,
    method: 'POST',
    path: '/admin/ra/message/m1/reprocess',
    status,
    requestId: 'req-1',
    ...extra,
  });

describe('nextStep', () => {
  it('finishes an answered request as ok with the record status and request id', () => {
    const { step } = nextStep(
      { response: { status: 200, requestId: 'req-9', statusAfter: 'processing' } },
      { ...fresh, attempts: 1 },
      limits,
    );
    expect(step).toEqual({
      kind: 'finish',
      outcome: {
        status: 'ok',
        statusAfter: 'processing',
        upstreamStatus: 200,
        upstreamRequestId: 'req-9',
        attempts: 1,
      },
    });
  });

  it('retries 5xx, timeouts and network errors with a growing attempt count, then fails', () => {
    let state = fresh;
    for (const expected of [1, 2]) {
      const next = nextStep({ error: error('server', 503) }, state, limits);
      expect(next.step).toMatchObject({
        kind: 'retry',
        attempts: expected,
        upstreamStatus: 503,
        upstreamRequestId: 'req-1',
      });
      expect(next.step.kind === 'retry' && next.step.error).toMatch(/\(retrying\)$/);
      state = next.state;
    }
    const last = nextStep({ error: error('timeout') }, state, limits);
    expect(last.step).toMatchObject({ kind: 'finish', outcome: { status: 'failed', attempts: 3 } });
    expect(last.step.kind === 'finish' && last.step.outcome.error).toMatch(/^timeout: .*\(3 attempts\)$/);
  });

  it('sends again after a 429 without counting an attempt, up to the limit', () => {
    let state = fresh;
    for (let i = 0; i < 2; i++) {
      const next = nextStep({ error: error('rate_limited', 429) }, state, limits);
      expect(next.step).toEqual({ kind: 'resend' });
      expect(next.state.attempts).toBe(0);
      state = next.state;
    }
    expect(nextStep({ error: error('rate_limited', 429) }, state, limits).step).toMatchObject({
      kind: 'finish',
      outcome: { status: 'failed', error: expect.stringMatching(/rate limited 3 times/) },
    });
  });

  it('renews the machine token once after a 401, then fails', () => {
    const first = nextStep({ error: error('unauthorized', 401) }, fresh, limits);
    expect(first.step).toEqual({ kind: 'refresh_token' });
    expect(nextStep({ error: error('unauthorized', 401) }, first.state, limits).step).toMatchObject({
      kind: 'finish',
      outcome: { status: 'failed', error: expect.stringMatching(/after a fresh machine token/) },
    });
  });

  it('fails a 4xx at once with the service message', () => {
    const { step } = nextStep({ error: error('bad_request', 400, { serviceMessage: 'no HLS audio' }) }, fresh, limits);
    expect(step).toEqual({
      kind: 'finish',
      outcome: {
        status: 'failed',
        error: 'bad_request 400: no HLS audio [request req-1]',
        upstreamStatus: 400,
        upstreamRequestId: 'req-1',
        attempts: 0,
      },
    });
  });

  it('records an applied request with an unreadable answer as ok, never as failed', () => {
    const unreadable = error('invalid_response', 200);
    const { step } = nextStep({ error: unreadable }, fresh, limits);
    expect(step).toMatchObject({
      kind: 'finish',
      outcome: { status: 'ok', statusAfter: null, error: expect.stringMatching(/^applied, but/) },
    });
  });

  it("fails an error that is not the service's as a console error", () => {
    expect(nextStep({ error: new TypeError('boom') }, fresh, limits).step).toEqual({
      kind: 'finish',
      outcome: { status: 'failed', error: 'console error: boom', attempts: 0 },
    });
  });
});
