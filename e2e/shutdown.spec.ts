/**
 * A console stopped the way a deploy stops it (SIGTERM to `next start`): its job runner records a
 * clean stop and its embedded database is closed, not left for a crash recovery. Next's own
 * handler exits right after the signal, before either (lib/server/shutdown.ts waits for both).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { lockFileFor } from '../lib/db/data-dir-lock';
import { startConsole } from './consoles';

test('SIGTERM: the console stops its job runner, closes its database, then exits', async () => {
  test.setTimeout(180_000);
  // On an empty directory: the console creates and migrates its database at its start, as in
  // production (the other e2e consoles start from a copy of a migrated one).
  const extra = await startConsole({ emptyDataDir: true });
  const dataDir = extra.dataDir!;
  // Open: PostgreSQL's pid file is there while the database is.
  expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(true);
  const exit = await extra.stop({ keepDataDir: true });
  try {
    // Next's own exit code for SIGTERM, well before the SIGKILL that follows after 5 s.
    expect(exit).toMatchObject({ code: 143, signal: null });
    expect(exit.ms).toBeLessThan(5_000);
    // Closed: PGlite removes the pid file on a clean close; the console its lock file.
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(existsSync(lockFileFor(dataDir))).toBe(false);
    const db = await PGlite.create({ dataDir });
    try {
      const runners = await db.query<{ stopped: boolean }>(
        'SELECT stopped_at IS NOT NULL AS stopped FROM bulk_job_runners',
      );
      expect(runners.rows).toEqual([{ stopped: true }]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
