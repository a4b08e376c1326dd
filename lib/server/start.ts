/**
 * What a console server does once at start (Node.js runtime only; see instrumentation.ts): opens
 * the console database before the first request (so a second process on the same PGlite
 * directory fails at start with a clear message instead of at its first action), then starts
 * this process's bulk-job runner, which resumes unfinished jobs left by a stopped or killed
 * console, and the stuck sampler (lib/stuck-trend); and stops them on SIGTERM (./shutdown.ts).
 */
import { closeConsoleDb, getConsoleDb } from '@/lib/db';
import { ensureJobRunner, stopJobRunner } from '@/lib/jobs/runner';
import { ensureStuckSampler, stopStuckSampler } from '@/lib/stuck-trend/sampler-process';
import { installGracefulShutdown } from './shutdown';

export async function startConsoleServer(): Promise<void> {
  try {
    await getConsoleDb();
  } catch (error) {
    console.error(`[console] cannot open the console database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  await ensureJobRunner();
  await ensureStuckSampler();
  // Unstarted items go back at once rather than after a lease, and the database closes cleanly.
  installGracefulShutdown(process, {
    stopBackgroundWork: async () => {
      await Promise.all([stopJobRunner(), stopStuckSampler()]);
    },
    closeDatabase: closeConsoleDb,
  });
}
