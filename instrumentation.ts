/**
 * Runs once when a console server starts: opens the console database before the first request
 * (so a second process on the same PGlite directory fails at start with a clear message instead
 * of at its first action), then starts this process's bulk-job runner, which resumes unfinished
 * jobs left by a stopped or killed console.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getConsoleDb } = await import('./lib/db');
  try {
    await getConsoleDb();
  } catch (error) {
    console.error(`[console] cannot open the console database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { ensureJobRunner, stopJobRunner } = await import('./lib/jobs/runner');
  await ensureJobRunner();
  // Let requests in flight finish and hand unstarted items back at once, rather than after a lease.
  process.once('SIGTERM', () => {
    void stopJobRunner().finally(() => process.exit(0));
  });
}
