/**
 * The console's Prometheus metrics (prom-client), served by GET /api/metrics. Counters and
 * histograms move where the work happens; gauges of state (calls in flight, backlog, slots,
 * approvals waiting) are read when scraped (app/api/metrics/route.ts). One registry per process,
 * on globalThis: Next loads this module once per bundle.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Histogram({
      name: 'console_http_request_duration_seconds',
      help: 'Requests the console served, by kind (page, action, api, asset), method and status',
      labelNames: ['kind', 'method', 'status'],
      buckets: SECONDS,
      registers,
    }),
    serviceCalls: new Histogram({
      name: 'console_service_call_duration_seconds',
      help: 'Calls to the voice service by operation and status (HTTP status, or timeout/network)',
      labelNames: ['operation', 'status'],
      buckets: SECONDS,
      registers,
    }),
    rateLimitWaits: new Counter({
      name: 'console_service_rate_limit_waits_total',
      help: 'Waits for the service rate-limit window to reset before a call (pages and jobs)',
      labelNames: ['by'],
      registers,
    }),
    serviceInFlight: new Gauge({
      name: 'console_service_calls_in_flight',
      help: 'Calls to the service in flight from this process',
      registers,
    }),
    serviceQueued: new Gauge({
      name: 'console_service_calls_queued',
      help: 'Calls waiting for an in-flight slot in this process',
      registers,
    }),
    serviceInFlightLimit: new Gauge({
      name: 'console_service_calls_in_flight_limit',
      help: 'UPSTREAM_MAX_IN_FLIGHT of this process',
      registers,
    }),
    jobItems: new Counter({
      name: 'console_job_items_total',
      help: 'Bulk job items finished by this process, by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    jobItemsPending: new Gauge({
      name: 'console_job_items_pending',
      help: 'Bulk job items not yet done in the database (pending or in flight), all consoles',
      registers,
    }),
    exportSlots: new Gauge({
      name: 'console_export_slots_in_use',
      help: 'CSV exports running in this process',
      registers,
    }),
    exportSlotsLimit: new Gauge({ name: 'console_export_slots_limit', help: 'EXPORT_MAX_PER_PROCESS', registers }),
    sessionRefreshes: new Counter({
      name: 'console_session_refreshes_total',
      help: 'Refreshes of an operator session access token, by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    sessionRevocations: new Counter({
      name: 'console_session_revocations_total',
      help: 'Sessions ended by sign-out, by where the revocation was recorded (console, service) and whether it worked',
      labelNames: ['where', 'result'],
      registers,
    }),
    samplerRuns: new Counter({
      name: 'console_stuck_sampler_runs_total',
      help: 'Stuck-count sampler runs by this process, by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    samplerLastSample: new Gauge({
      name: 'console_stuck_sampler_last_sample_timestamp_seconds',
      help: 'When the newest stuck-count sample in the database was taken (any console)',
      registers,
    }),
    samplerGaps: new Gauge({
      name: 'console_stuck_sampler_gap_intervals',
      help: 'Whole sampling intervals since the newest stuck-count sample (0 when sampling keeps up)',
      registers,
    }),
    approvalsWaiting: new Gauge({
      name: 'console_approvals_waiting',
      help: 'Approval requests waiting for a second operator',
      registers,
    }),
    databaseUp: new Gauge({
      name: 'console_database_up',
      help: 'Whether the console database answered the scrape (1) or not (0)',
      registers,
    }),
  };
}

export type ConsoleMetrics = ReturnType<typeof build>;

const METRICS = Symbol.for('voice-ops-console.metrics');
type WithMetrics = typeof globalThis & { [METRICS]?: ConsoleMetrics };

export function metrics(): ConsoleMetrics {
  const holder = globalThis as WithMetrics;
  holder[METRICS] ??= build();
  return holder[METRICS];
}

/** Ids and other variable segments as `:id`, so an operation is one label value however many records. */
export function operationName(method: string, path: string): string {
  const template = path
    .split('?')[0]!
    .split('/')
    .map((segment) =>
      /\d/.test(segment) || segment.length > 40 || /^[0-9a-f-]{20,}$/i.test(segment) ? ':id' : segment,
    )
    .join('/');
  return `${method} ${template}`;
}
