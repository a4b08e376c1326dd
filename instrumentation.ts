/**
 * Runs once when a console server starts. The work is Node.js-only and lives in
 * lib/server/start.ts; the runtime check in this form lets the build drop the import from the
 * Edge bundle it also makes of this file.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startConsoleServer } = await import('./lib/server/start');
    await startConsoleServer();
  }
}
