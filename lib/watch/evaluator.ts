/**
 * The watch rule evaluator: every interval, each enabled rule's count is read and its state moved.
 * Every console runs one; the (rule, slot) claim in the database makes exactly one of them
 * evaluate each rule per slot. A read that fails is recorded as an unknown evaluation.
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleDb } from '@/lib/db';
import type { JobsUpstream } from '@/lib/jobs/runner';
import { describeReadError } from '@/lib/stuck-trend/sampler';
import { logger } from '@/lib/observability/logger';
import { countTarget, incidentScopeOf } from './count';
import { applyReading, claimEvaluation, noteEpisodeResolved, openEpisodeIncident, sameHourYesterday } from './episodes';
import type { WatchReading } from './machine';
import { listRules, pruneEvaluations } from './store';
import type { WatchRule } from './types';

export interface WatchEvaluatorOptions {
  db: ConsoleDb;
  upstream: JobsUpstream;
  intervalSeconds: number;
  retentionDays: number;
  /** The console's stuck threshold, minutes, for targets that set none. */
  defaultThreshold: number;
  instanceId?: string;
  /** How often to look for an unclaimed slot, ms; default a third of the interval, at most 15 s. */
  tickMs?: number;
  now?: () => number;
}

export interface WatchEvaluator {
  readonly instanceId: string;
  /** Evaluates every enabled rule whose current slot is not taken; returns the ids this instance evaluated. */
  evaluateOnce(): Promise<string[]>;
  stop(): Promise<void>;
}

export function watchSlotOf(now: number, intervalSeconds: number): Date {
  const size = intervalSeconds * 1000;
  return new Date(Math.floor(now / size) * size);
}

export function startWatchEvaluator(options: WatchEvaluatorOptions): WatchEvaluator {
  const instanceId = options.instanceId ?? `watch-${randomUUID()}`;
  const now = options.now ?? Date.now;
  const log = logger('watch-rules');
  let lastPrune = 0;
  let running: Promise<string[]> | null = null;

  const read = async (rule: WatchRule, slot: Date, at: number): Promise<WatchReading> => {
    try {
      const count = await countTarget(rule.target, {
        db: options.db,
        upstream: options.upstream,
        defaultThreshold: options.defaultThreshold,
        now: at,
      });
      const baseline = rule.condition.kind === 'rise' ? await sameHourYesterday(options.db, rule.id, slot) : null;
      return { kind: 'count', count, baseline };
    } catch (error) {
      return { kind: 'unknown', error: describeReadError(error) };
    }
  };

  const evaluateRule = async (rule: WatchRule, slot: Date, at: number): Promise<boolean> => {
    if (!(await claimEvaluation(options.db, rule.id, slot, instanceId))) return false;
    const reading = await read(rule, slot, at);
    const applied = await applyReading(options.db, rule.id, slot, reading, new Date(now()));
    const count = reading.kind === 'count' ? reading.count : 0;
    // The incident follows the state change's commit: a failure here leaves the state right and is logged.
    if (applied.openIncidentId)
      await openEpisodeIncident(
        options.db,
        applied.rule,
        applied.openIncidentId,
        count,
        await incidentScopeOf(options.db, applied.rule.target, options.defaultThreshold),
      ).catch((error: unknown) => log.error({ err: error }, `could not open the incident of rule ${rule.id}`));
    if (applied.resolvedIncidentId)
      await noteEpisodeResolved(options.db, applied.rule, applied.resolvedIncidentId, count).catch((error: unknown) =>
        log.error({ err: error }, `could not note the resolution of rule ${rule.id}`),
      );
    return true;
  };

  const evaluateOnce = async (): Promise<string[]> => {
    const at = now();
    const slot = watchSlotOf(at, options.intervalSeconds);
    const rules = await listRules(options.db, { enabledOnly: true });
    const taken = await Promise.all(
      rules.map((rule) =>
        evaluateRule(rule, slot, at).then(
          (took) => (took ? rule.id : null),
          (error: unknown) => {
            log.error({ err: error }, `evaluating rule ${rule.id} failed`);
            return null;
          },
        ),
      ),
    );
    if (at - lastPrune > 3_600_000) {
      lastPrune = at;
      await pruneEvaluations(options.db, options.retentionDays, new Date(at));
    }
    return taken.filter((id) => id !== null);
  };

  const tick = () => {
    if (running) return;
    running = evaluateOnce().catch((error: unknown) => {
      log.error({ err: error }, 'an evaluation round failed');
      return [];
    });
    void running.finally(() => (running = null));
  };
  const timer = setInterval(tick, options.tickMs ?? Math.min(15_000, (options.intervalSeconds * 1000) / 3));
  timer.unref?.();
  tick();

  return {
    instanceId,
    evaluateOnce,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
