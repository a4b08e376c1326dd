/**
 * The process's runner, from the environment: started once by lib/server/start.ts, stopped on
 * graceful shutdown. On globalThis, so that Next's dev server re-evaluating modules does not
 * start a second one.
 */
import { getConsoleDb } from '@/lib/db';
import type { JobRunnerOptions } from './options';
import { startJobRunner, type JobRunner } from './runner';
import { rateBucketOf } from '../pace/runner-pacer';
import { machineUpstreamFromSettings } from './service-credential';
import { jobsSettings } from './settings';

const shared = globalThis as typeof globalThis & { voiceJobRunner?: Promise<JobRunner> };

/**
 * Starts this process's runner once (the console database, the machine credential and the
 * JOBS_* settings from the environment); later calls return the same runner. For
 * lib/server/start.ts: `await ensureJobRunner()` after the database opened.
 */
export function ensureJobRunner(overrides: Partial<JobRunnerOptions> = {}): Promise<JobRunner> {
  shared.voiceJobRunner ??= (async () => {
    const settings = jobsSettings();
    const runner = startJobRunner({
      db: await getConsoleDb(),
      upstream: machineUpstreamFromSettings(settings),
      concurrency: settings.concurrency,
      maxAttempts: settings.maxAttempts,
      leaseSeconds: settings.leaseSeconds,
      rateBucket: rateBucketOf(settings),
      ...overrides,
    });
    await runner.ready;
    return runner;
  })().catch((error: unknown) => {
    delete shared.voiceJobRunner;
    throw error;
  });
  return shared.voiceJobRunner;
}

/** Stops this process's runner, if one was started (graceful shutdown). */
export async function stopJobRunner(): Promise<void> {
  const running = shared.voiceJobRunner;
  if (!running) return;
  delete shared.voiceJobRunner;
  const runner = await running.catch(() => null);
  await runner?.stop();
}
