/**
 * A console that has been running for a day: what its pages read from the console database after
 * 24 hours, written into the bench's database directory before the console starts. Without it
 * the bench measured a nearly empty database (the minutes of earlier bench runs): today that is
 * the stuck sampler's 1,440 minutes, which the dashboard and the stuck page chart, and which
 * doubled the dashboard's server time when they were first put there (issue 17).
 */
import { openConsoleDb } from '../lib/db';
import { SERVICE_SCOPE } from '../lib/stuck-trend/types';
import { WATCHABLE_STATUSES } from '../lib/triage/stuck-rules';

/** A day of the sampler's default interval (lib/stuck-trend/settings.ts): one sample a minute. */
export const STEADY_STATE_MINUTES = 24 * 60;

/**
 * Fills every minute of the last day that has no sample of the whole service with counts that
 * move from minute to minute (samples the console took itself stay as they are). Returns how
 * many minutes it filled.
 */
export async function seedSteadyState(dataDir: string): Promise<number> {
  const db = await openConsoleDb({ dataDir, initializeApart: true });
  try {
    const rows = await db.query(
      `INSERT INTO stuck_samples (minute, scope, claimed_by, counts, sampled_at)
       SELECT minute, $1, 'bench-steady-state',
              (SELECT jsonb_object_agg(status, (97 * position + 13 * extract(minute FROM minute)::int + 7 * extract(hour FROM minute)::int) % 400)
                 FROM unnest($2::text[]) WITH ORDINALITY AS statuses(status, position)),
              minute
         FROM generate_series(date_trunc('minute', now()) - make_interval(mins => $3), date_trunc('minute', now()) - interval '1 minute', interval '1 minute') AS minute
       ON CONFLICT (minute, scope) DO NOTHING
       RETURNING 1`,
      [SERVICE_SCOPE, [...WATCHABLE_STATUSES], STEADY_STATE_MINUTES],
    );
    return rows.length;
  } finally {
    await db.close();
  }
}
