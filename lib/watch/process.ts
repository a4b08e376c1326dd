/**
 * The process's watch rule evaluator, from the environment: started by lib/server/start.ts beside
 * the stuck sampler (it reads the service with the same machine credential), after making the
 * dashboard's default rule on a first start. On globalThis, so that Next's dev server
 * re-evaluating modules does not start a second one.
 */
import { getConsoleDb, type ConsoleDb } from '@/lib/db';
import { stuckAlertCount } from '@/lib/dashboard/settings';
import { jobsSettings, machineUpstreamFromSettings } from '@/lib/jobs/runner';
import { stuckSamplerSettings } from '@/lib/stuck-trend/settings';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { startWatchEvaluator, type WatchEvaluator } from './evaluator';
import { watchIntervalSeconds } from './settings';
import { seedDashboardRule } from './store';
import type { WatchRule } from './types';

const shared = globalThis as typeof globalThis & { voiceWatchEvaluator?: WatchEvaluator };

/**
 * DASHBOARD_STUCK_ALERT_COUNT as the rule the dashboard colours its stuck counts by: from that
 * many stuck messages (above one fewer), at once. Made only when no rule was ever made.
 */
export function seedDefaultRule(
  db: ConsoleDb,
  env: Record<string, string | undefined> = process.env,
): Promise<WatchRule | null> {
  return seedDashboardRule(db, {
    name: 'Stuck messages (dashboard)',
    target: { kind: 'stuck', scope: { workspaces: [], channels: [], statuses: [] } },
    condition: { kind: 'above', count: stuckAlertCount(env) - 1, forMinutes: 0 },
    recoveryMargin: 0,
    incidentSeverity: null,
    enabled: true,
  });
}

export async function ensureWatchEvaluator(): Promise<void> {
  if (shared.voiceWatchEvaluator) return;
  const db = await getConsoleDb();
  await seedDefaultRule(db);
  shared.voiceWatchEvaluator = startWatchEvaluator({
    db,
    upstream: machineUpstreamFromSettings(jobsSettings()),
    intervalSeconds: watchIntervalSeconds(),
    retentionDays: stuckSamplerSettings().retentionDays,
    defaultThreshold: defaultThresholdMinutes(),
  });
}

export async function stopWatchEvaluator(): Promise<void> {
  const evaluator = shared.voiceWatchEvaluator;
  delete shared.voiceWatchEvaluator;
  await evaluator?.stop();
}
