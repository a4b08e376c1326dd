/**
 * The process's stuck sampler, from the environment: started by lib/server/start.ts beside the
 * job runner (it reads the service with the same machine credential). On globalThis, so that
 * Next's dev server re-evaluating modules does not start a second one.
 */
import { getConsoleDb } from '@/lib/db';
import { machineUpstreamFromSettings, jobsSettings } from '@/lib/jobs/runner';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { startStuckSampler, type StuckSampler } from './sampler';
import { stuckSamplerSettings } from './settings';

const shared = globalThis as typeof globalThis & { voiceStuckSampler?: StuckSampler };

/** Starts the sampler once unless STUCK_SAMPLING is off. */
export async function ensureStuckSampler(): Promise<void> {
  const settings = stuckSamplerSettings();
  if (!settings.enabled || shared.voiceStuckSampler) return;
  shared.voiceStuckSampler = startStuckSampler({
    db: await getConsoleDb(),
    upstream: machineUpstreamFromSettings(jobsSettings()),
    intervalMinutes: settings.intervalMinutes,
    retentionDays: settings.retentionDays,
    threshold: defaultThresholdMinutes(),
  });
}

export async function stopStuckSampler(): Promise<void> {
  const sampler = shared.voiceStuckSampler;
  delete shared.voiceStuckSampler;
  await sampler?.stop();
}
