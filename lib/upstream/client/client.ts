/**
 * The one door to the voice service: builds URLs, sets the bearer token, applies the timeout,
 * retries idempotent reads, honours rate limits, parses every answer with the contract (answer.ts)
 * and maps every failure to one UpstreamError. No React, no Next: the job runner and scripts use it too.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { REQUEST_ID_HEADER } from '../contract';
import { neverSent, readAnswer } from './answer';
import { UpstreamError, type RateLimitInfo, type UpstreamErrorKind } from './errors';
import type { InFlightLimiter } from './in-flight';
import { send, type TransportResponse } from './transport';
import { logger } from '@/lib/observability/logger';
import { metrics, operationName } from '@/lib/observability/metrics';
import { withSpan } from '@/lib/observability/tracing';
import { sleep } from '@/lib/sleep';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface UpstreamClientOptions {
  baseUrl: string;
  accessToken: string;
  /** The longest one attempt may take. */
  timeoutMs?: number;
  /**
   * The longest a request may take with all its retries and rate-limit waits; default two
   * attempts and one rate-limit wait. A retry or wait that would leave too little time for a
   * useful attempt is not made: the error is reported instead.
   */
  deadlineMs?: number;
  /** How many times an idempotent request is retried after a 5xx, timeout or network error. */
  readRetries?: number;
  /** The longest an idempotent read waits for a rate-limit window to reset before giving up. */
  maxRateLimitWaitMs?: number;
  /** Base of the exponential backoff between retries; each wait is jittered. */
  retryBaseMs?: number;
  /**
   * An absolute end (epoch ms) for every request of this client, on top of `deadlineMs`: a page's
   * deadline, shared by all the reads that render it, after which they fail as timeouts.
   */
  deadlineAt?: number;
  /** Bounds the calls in flight; a call waits for a slot within its attempt's timeout. */
  limiter?: InFlightLimiter;
  /**
   * Told of every attempt (the action guard keeps them for the audit log). Every attempt is also
   * logged, counted in the metrics and traced as a span, whatever this is.
   */
  log?: (line: UpstreamLogLine) => void;
  /** Whose rate-limit waits these are, for the metric: `page` (default) or `job`. */
  caller?: 'page' | 'job';
}

export interface UpstreamLogLine {
  method: HttpMethod;
  path: string;
  status: number | null;
  durationMs: number;
  attempt: number;
  requestId: string;
  outcome: 'ok' | UpstreamErrorKind;
}

export interface UpstreamRequest<T> {
  method: HttpMethod;
  path: string;
  query?: URLSearchParams | Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Schema of a successful body; omit for answers without one (204). */
  schema?: z.ZodType<T>;
  /** Safe to repeat. Defaults to true for GET; the GETs with side effects pass false. */
  idempotent?: boolean;
  signal?: AbortSignal;
}

export interface UpstreamResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  requestId: string;
  rateLimit: RateLimitInfo;
}

const serviceLog = logger('service');

/** One attempt as one log line and one observation of the call metric; nothing else is done per call. */
function recordCall(line: UpstreamLogLine, operation: string): void {
  metrics().serviceCalls.observe(
    { operation, status: line.status === null ? line.outcome : String(line.status) },
    line.durationMs / 1000,
  );
  const fields = {
    operation,
    path: line.path,
    status: line.status,
    outcome: line.outcome,
    durationMs: line.durationMs,
    serviceRequestId: line.requestId,
    attempt: line.attempt,
  };
  if (line.outcome === 'ok') serviceLog.info(fields, 'service call');
  else serviceLog.warn(fields, 'service call failed');
}

/** A retry with less time than this left is not worth sending. */
const MIN_ATTEMPT_MS = 1_000;

export class UpstreamClient {
  private readonly baseUrl: string;
  private readonly accessToken: string;
  private readonly timeoutMs: number;
  private readonly deadlineMs: number;
  private readonly readRetries: number;
  private readonly maxRateLimitWaitMs: number;
  private readonly retryBaseMs: number;
  private readonly deadlineAt: number;
  private readonly limiter: InFlightLimiter | undefined;
  private readonly log: ((line: UpstreamLogLine) => void) | undefined;
  private readonly caller: 'page' | 'job';
  /** Reads in flight by URL, per schema: an identical read asked meanwhile shares the answer. */
  private readonly inFlightReads = new WeakMap<object, Map<string, Promise<UpstreamResponse<unknown>>>>();

  constructor(options: UpstreamClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.accessToken = options.accessToken;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.readRetries = options.readRetries ?? 2;
    this.maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? 5_000;
    this.deadlineMs = options.deadlineMs ?? 2 * this.timeoutMs + this.maxRateLimitWaitMs;
    this.retryBaseMs = options.retryBaseMs ?? 200;
    this.deadlineAt = options.deadlineAt ?? Number.POSITIVE_INFINITY;
    this.limiter = options.limiter;
    this.log = options.log;
    this.caller = options.caller ?? 'page';
  }

  url(path: string, query?: UpstreamRequest<unknown>['query']): string {
    const url = new URL(this.baseUrl + path);
    if (query instanceof URLSearchParams) {
      query.forEach((value, key) => url.searchParams.append(key, value));
    } else if (query) {
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
    }
    return url.toString();
  }

  /**
   * Sends the request. A GET that is safe to repeat, asked while the same GET with the same
   * schema is in flight on this client, shares its answer (or its error) instead of going out
   * again: the parts of one page that need the same count or list read it once. Shared answers
   * are one object: callers must not change them.
   */
  request<T>(request: UpstreamRequest<T>): Promise<UpstreamResponse<T>> {
    const shareable =
      request.method === 'GET' &&
      (request.idempotent ?? true) &&
      request.schema !== undefined &&
      request.signal === undefined &&
      request.body === undefined;
    if (!shareable) return this.send(request);
    const url = this.url(request.path, request.query);
    let bySchema = this.inFlightReads.get(request.schema!);
    if (!bySchema) this.inFlightReads.set(request.schema!, (bySchema = new Map()));
    const inFlight = bySchema.get(url);
    if (inFlight) return inFlight as Promise<UpstreamResponse<T>>;
    const sent = this.send(request);
    const reads = bySchema;
    reads.set(url, sent);
    const forget = () => {
      if (reads.get(url) === sent) reads.delete(url);
    };
    sent.then(forget, forget);
    return sent;
  }

  private async send<T>(request: UpstreamRequest<T>): Promise<UpstreamResponse<T>> {
    const idempotent = request.idempotent ?? request.method === 'GET';
    const url = this.url(request.path, request.query);
    const deadline = Math.min(Date.now() + this.deadlineMs, this.deadlineAt);
    // Time left for an attempt after waiting `waitMs`, or null when too little would be left.
    const leftAfter = (waitMs: number) => {
      const left = deadline - Date.now() - waitMs;
      return left >= Math.min(MIN_ATTEMPT_MS, this.timeoutMs / 2) ? left : null;
    };
    let failedAttempts = 0;
    let rateLimitWaits = 0;
    let attemptTimeoutMs = Math.floor(Math.min(this.timeoutMs, deadline - Date.now()));
    if (attemptTimeoutMs <= 0) {
      // The page's deadline passed before this read began: nothing is sent.
      throw new UpstreamError({ kind: 'timeout', method: request.method, path: request.path });
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(request, url, attempt, attemptTimeoutMs);
      } catch (error) {
        if (!(error instanceof UpstreamError) || !idempotent) throw error;
        let waitMs: number;
        if (error.kind === 'rate_limited') {
          const resetWait = this.rateLimitWait(error.rateLimit);
          if (resetWait === null || rateLimitWaits >= 2) throw error;
          rateLimitWaits++;
          waitMs = resetWait;
          metrics().rateLimitWaits.inc({ by: this.caller });
        } else {
          const retryable = error.kind === 'server' || error.kind === 'timeout' || error.kind === 'network';
          if (!retryable || failedAttempts >= this.readRetries || request.signal?.aborted) throw error;
          failedAttempts++;
          // Full jitter: spreads retries of many operators hitting one failing service.
          waitMs = Math.random() * Math.min(this.retryBaseMs * 2 ** (failedAttempts - 1), 2_000);
        }
        const left = leftAfter(waitMs);
        if (left === null) throw error;
        attemptTimeoutMs = Math.floor(Math.min(this.timeoutMs, left));
        await sleep(waitMs, request.signal);
      }
    }
  }

  /** How long to wait before retrying a 429, or null when the wait would be too long. */
  private rateLimitWait(rateLimit: RateLimitInfo | undefined): number | null {
    const resetAt = rateLimit?.resetAt;
    if (resetAt == null) return null;
    const wait = Math.max(0, resetAt - Date.now()) + 25 + Math.random() * 50;
    return wait <= this.maxRateLimitWaitMs ? wait : null;
  }

  /** One attempt in a span of its own: a child of the page's, action's or job item's. */
  private attempt<T>(
    request: UpstreamRequest<T>,
    url: string,
    attempt: number,
    timeoutMs: number,
  ): Promise<UpstreamResponse<T>> {
    const operation = operationName(request.method, request.path);
    return withSpan(
      `service ${operation}`,
      {
        kind: 'client',
        attributes: {
          'http.request.method': request.method,
          'url.path': request.path,
          'service.operation': operation,
          'service.attempt': attempt,
        },
      },
      (span) =>
        this.attemptOnce(request, url, attempt, timeoutMs, operation, (line) => {
          span?.setAttributes({
            'service.request_id': line.requestId,
            'service.outcome': line.outcome,
            ...(line.status === null ? {} : { 'http.response.status_code': line.status }),
          });
        }),
    );
  }

  private async attemptOnce<T>(
    request: UpstreamRequest<T>,
    url: string,
    attempt: number,
    timeoutMs: number,
    operation: string,
    onFinish: (line: UpstreamLogLine) => void,
  ): Promise<UpstreamResponse<T>> {
    const { method, path } = request;
    const clientRequestId = randomUUID();
    const started = performance.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.accessToken}`,
      accept: 'application/json',
      [REQUEST_ID_HEADER]: clientRequestId,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';

    const finish = (status: number | null, outcome: UpstreamLogLine['outcome'], requestId: string) => {
      const line: UpstreamLogLine = {
        method,
        path,
        status,
        durationMs: Math.round(performance.now() - started),
        attempt,
        requestId,
        outcome,
      };
      recordCall(line, operation);
      onFinish(line);
      this.log?.(line);
    };

    let response: TransportResponse;
    let release: (() => void) | undefined;
    let sent = false;
    try {
      // Waiting for a slot counts against the attempt's timeout: a queue behind a hung service
      // ends at the same deadline as the calls it waits behind.
      release = await this.limiter?.acquire(signal);
      sent = true;
      response = await send(url, {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
      });
    } catch (cause) {
      const kind: UpstreamErrorKind = timeout.aborted ? 'timeout' : 'network';
      if (request.signal?.aborted) throw cause;
      finish(null, kind, clientRequestId);
      const changesState = !(request.idempotent ?? method === 'GET');
      const mayHaveApplied = sent && changesState && (kind === 'timeout' || !neverSent(cause));
      // A call that timed out waiting for a slot never reached the service: no id to quote.
      throw new UpstreamError(
        { kind, method, path, requestId: sent ? clientRequestId : undefined, mayHaveApplied },
        { cause },
      );
    } finally {
      release?.();
    }

    const answer = readAnswer(request, response, clientRequestId);
    finish(response.status, answer.outcome, answer.requestId);
    if (!answer.ok) throw answer.error;
    return {
      data: answer.data,
      status: response.status,
      headers: response.headers,
      requestId: answer.requestId,
      rateLimit: answer.rateLimit,
    };
  }
}
