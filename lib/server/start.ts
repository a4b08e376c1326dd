/**
 * What a console server does once at start (Node.js runtime only; see instrumentation.ts):
 * checks every setting and refuses to run on a bad one (./settings-check.ts), hooks the HTTP
 * server for the request context, access log and request metrics, starts tracing when a
 * collector is configured, opens the console database before the first request (so a second
 * process on the same PGlite directory fails at start with a clear message instead of at its
 * first action), then starts this process's bulk-job runner, which resumes unfinished jobs left
 * by a stopped or killed console, the stuck sampler (lib/stuck-trend), the watch rule evaluator
 * (lib/watch) and the notification deliverer (lib/notifications); and stops them on
 * SIGTERM (./shutdown.ts).
 */
import { closeConsoleDb, getConsoleDb } from '@/lib/db';
import { ensureJobRunner, stopJobRunner } from '@/lib/jobs/runner';
import { installHttpHook } from '@/lib/observability/http-server';
import { errorMessage, logger } from '@/lib/observability/logger';
import { observabilitySettings } from '@/lib/observability/settings';
import { ensureNotificationDeliverer, stopNotificationDeliverer } from '@/lib/notifications/deliverer-process';
import { ensureStuckSampler, stopStuckSampler } from '@/lib/stuck-trend/sampler-process';
import { ensureWatchEvaluator, stopWatchEvaluator } from '@/lib/watch/process';
import { settingsProblems, settingsReport } from './settings-check';
import { installGracefulShutdown } from './shutdown';

const log = logger('console');

/** Ends the process with `message`, written synchronously so that it is not lost at exit. */
function refuseToStart(message: string, details: Record<string, unknown> = {}): never {
  log.fatal(details, message);
  log.flush();
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export async function startConsoleServer(): Promise<void> {
  const problems = settingsProblems(process.env);
  if (problems.length > 0) refuseToStart(settingsReport(problems).trimEnd(), { problems });
  installHttpHook();
  const observability = observabilitySettings();
  let stopTracing: (() => Promise<void>) | undefined;
  if (observability.otlpEndpoint) {
    const { startTracing } = await import('@/lib/observability/otel');
    stopTracing = await startTracing(observability.otlpEndpoint, observability.serviceName);
  }
  try {
    await getConsoleDb();
  } catch (error) {
    refuseToStart(`cannot open the console database: ${errorMessage(error)}`);
  }
  await ensureJobRunner();
  await ensureStuckSampler();
  await ensureWatchEvaluator();
  await ensureNotificationDeliverer();
  // Unstarted items go back at once rather than after a lease, and the database closes cleanly.
  installGracefulShutdown(process, {
    stopBackgroundWork: async () => {
      await Promise.all([
        stopJobRunner(),
        stopStuckSampler(),
        stopWatchEvaluator(),
        stopNotificationDeliverer(),
        stopTracing?.(),
      ]);
    },
    closeDatabase: closeConsoleDb,
    log: (line) => log.info(line),
  });
}
