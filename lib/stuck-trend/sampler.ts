/**
 * The stuck sampler: once per interval, the stuck counts per status of the whole service and of
 * each unresolved incident's scope, into stuck_samples. Every console instance runs one; the
 * slot in the database makes exactly one of them sample each minute and scope. A failed read is
 * stored as a gap (null counts with the error), never as zero.
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleDb } from '@/lib/db';
import { listUnresolvedIncidents } from '@/lib/incidents/store';
import { scopedStuckFilter, scopeStatuses } from '@/lib/incidents/scope-read';
import type { JobsUpstream } from '@/lib/jobs/runner';
import { stuckFilter } from '@/lib/triage/stuck';
import { WATCHABLE_STATUSES, type ListFilter } from '@/lib/triage/stuck-rules';
import { countRecords } from '@/lib/upstream/ra';
import { isUpstreamError } from '@/lib/upstream/client';
import { claimSlot, pruneSamples, recordCounts, recordGap } from './store';
import { incidentScopeKey, SERVICE_SCOPE } from './types';
import { logger } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';

export interface StuckSamplerOptions {
  db: ConsoleDb;
  upstream: JobsUpstream;
  intervalMinutes: number;
  retentionDays: number;
  /** The stuck threshold, minutes (lib/triage/settings). */
  threshold: number;
  instanceId?: string;
  /** How often to look for an unclaimed slot, ms; default 15 s (a slot is a minute or more). */
  tickMs?: number;
  now?: () => number;
}

export interface StuckSampler {
  readonly instanceId: string;
  /** Samples the current slot of each scope not yet taken; returns the scopes this instance sampled. */
  sampleOnce(): Promise<string[]>;
  stop(): Promise<void>;
}

/** The start of the interval slot `now` falls in. */
export function slotOf(now: number, intervalMinutes: number): Date {
  const size = intervalMinutes * 60_000;
  return new Date(Math.floor(now / size) * size);
}

interface ScopeToSample {
  key: string;
  statuses: string[];
  filter(status: string, now: number): ListFilter;
}

async function scopesToSample(db: ConsoleDb, threshold: number): Promise<ScopeToSample[]> {
  const incidents = await listUnresolvedIncidents(db);
  return [
    {
      key: SERVICE_SCOPE,
      statuses: [...WATCHABLE_STATUSES],
      filter: (status, now) =>
        stuckFilter({ threshold, statuses: [status as (typeof WATCHABLE_STATUSES)[number]] }, now),
    },
    ...incidents.map((incident) => ({
      key: incidentScopeKey(incident.id),
      statuses: scopeStatuses(incident.scope),
      filter: (status: string, now: number) => ({
        ...scopedStuckFilter(incident.scope, threshold, now),
        status: [status],
      }),
    })),
  ];
}

/** A failed read in a line, for the gap it leaves (the watch rules' unknown evaluations too). */
export function describeReadError(error: unknown): string {
  if (isUpstreamError(error)) return `${error.kind}${error.status ? ` ${error.status}` : ''}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

export function startStuckSampler(options: StuckSamplerOptions): StuckSampler {
  const instanceId = options.instanceId ?? `sampler-${randomUUID()}`;
  const now = options.now ?? Date.now;
  let lastPrune = 0;
  let running: Promise<string[]> | null = null;

  const sampleScope = async (scope: ScopeToSample, minute: Date, at: number): Promise<boolean> => {
    if (!(await claimSlot(options.db, minute, scope.key, instanceId))) return false;
    try {
      const client = await options.upstream.client();
      const counts = await Promise.all(
        scope.statuses.map((status) => countRecords(client, 'messages', scope.filter(status, at))),
      );
      await recordCounts(
        options.db,
        minute,
        scope.key,
        Object.fromEntries(scope.statuses.map((status, index) => [status, counts[index] ?? 0])),
      );
    } catch (error) {
      await recordGap(options.db, minute, scope.key, describeReadError(error));
    }
    return true;
  };

  const sampleOnce = async (): Promise<string[]> => {
    const at = now();
    const minute = slotOf(at, options.intervalMinutes);
    const scopes = await scopesToSample(options.db, options.threshold);
    const taken = await Promise.all(
      scopes.map((scope) => sampleScope(scope, minute, at).then((took) => (took ? scope.key : null))),
    );
    if (at - lastPrune > 3_600_000) {
      lastPrune = at;
      await pruneSamples(options.db, options.retentionDays, new Date(at));
    }
    return taken.filter((key) => key !== null);
  };

  const tick = () => {
    if (running) return;
    running = sampleOnce().then(
      (taken) => {
        metrics().samplerRuns.inc({ outcome: taken.length > 0 ? 'sampled' : 'not_due' });
        return taken;
      },
      (error: unknown) => {
        metrics().samplerRuns.inc({ outcome: 'failed' });
        logger('stuck-sampler').error({ err: error }, 'a sample failed');
        return [];
      },
    );
    void running.finally(() => (running = null));
  };
  const timer = setInterval(tick, options.tickMs ?? 15_000);
  timer.unref?.();
  tick();

  return {
    instanceId,
    sampleOnce,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
