/**
 * A console that has been running for a day: what its pages read from the console database after
 * 24 hours, written into the bench's database directory before the console starts. Without it
 * the bench measured a nearly empty database (the minutes of earlier bench runs). Today:
 * - the stuck sampler's minutes of a day, which the dashboard and the stuck page chart, and which
 *   weigh on the dashboard's server time;
 * - a finished bulk job of 100,000 items (the scale the budgets are set for), which the dashboard and the jobs
 *   list show, and whose items they counted on every view;
 * - the dashboard's stuck readings of the default threshold, one a minute, which its cards
 *   compare with (lib/dashboard/readings.ts).
 */
import { openConsoleDb, type ConsoleDb } from '../lib/db';
import { finishIfDone } from '../lib/jobs/runner';
import { READING_INTERVAL_MS } from '../lib/dashboard/readings';
import { SERVICE_SCOPE } from '../lib/stuck-trend/types';
import { defaultThresholdMinutes } from '../lib/triage/settings';
import { WATCHABLE_STATUSES } from '../lib/triage/stuck-rules';

/** A day of the sampler's default interval (lib/stuck-trend/settings.ts): one sample a minute. */
const STEADY_STATE_MINUTES = 24 * 60;
const STEADY_STATE_JOB_ITEMS = 100_000;
/** The finished job's id: a fixed one, so a later run finds it there. */
const STEADY_STATE_JOB_ID = '00000000-0000-4000-8000-0000000b0017';

export interface SteadyState {
  /** Minutes of samples added (those of earlier runs and of the console itself stay). */
  samples: number;
  /** Whether the finished job was added (false: an earlier run left it). */
  job: boolean;
  /** Dashboard readings added. */
  readings: number;
}

export async function seedSteadyState(dataDir: string): Promise<SteadyState> {
  const db = await openConsoleDb({ dataDir, initializeApart: true });
  try {
    return {
      samples: await seedSamples(db),
      job: await seedFinishedJob(db),
      readings: await seedDashboardReadings(db),
    };
  } finally {
    await db.close();
  }
}

/** Every minute of the last day without a sample of the whole service gets counts that move from minute to minute. */
async function seedSamples(db: ConsoleDb): Promise<number> {
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
}

/** A reprocess of 100,000 messages that ran this morning (2 % failed), ended the way the runner ends a job. */
async function seedFinishedJob(db: ConsoleDb): Promise<boolean> {
  const created = await db.query(
    `INSERT INTO bulk_jobs (id, action, selection, status, created_by_id, created_by_email, created_by_role, created_at, planned_at, queued_at, started_at, total, runs)
     VALUES ($1, 'message.reprocess', $2::jsonb, 'running', 'usr_bench_steady_state', 'ops@example.com', 'ops',
             now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours', $3, 1)
     ON CONFLICT (id) DO NOTHING
     RETURNING 1`,
    [
      STEADY_STATE_JOB_ID,
      JSON.stringify({ kind: 'filter', filter: { status: ['processing'] } }),
      STEADY_STATE_JOB_ITEMS,
    ],
  );
  if (created.length === 0) return false;
  await db.query(
    `INSERT INTO bulk_job_items (job_id, seq, item_id, status, attempts, sends, claims, finished_at)
     SELECT $1, seq, 'msg_steady_' || seq, CASE WHEN seq % 50 = 0 THEN 'failed' ELSE 'ok' END, 1, 1, 1, now() - interval '2 hours'
       FROM generate_series(1, $2) AS seq`,
    [STEADY_STATE_JOB_ID, STEADY_STATE_JOB_ITEMS],
  );
  if (!(await finishIfDone(db, STEADY_STATE_JOB_ID))) throw new Error('the steady state job did not finish');
  return true;
}

/** A day of the dashboard's readings, one a minute, where the day has none yet. */
async function seedDashboardReadings(db: ConsoleDb): Promise<number> {
  const rows = await db.query(
    `INSERT INTO dashboard_stuck_readings (read_at, threshold, counts)
     SELECT read_at, $1, (SELECT jsonb_object_agg(status, (31 * position + extract(minute FROM read_at)::int) % 300) FROM unnest($2::text[]) WITH ORDINALITY AS statuses(status, position))
       FROM generate_series(now() - interval '1 day' + interval '1 minute', now() - interval '1 minute', make_interval(secs => $3::double precision / 1000)) AS read_at
      WHERE NOT EXISTS (SELECT 1 FROM dashboard_stuck_readings WHERE threshold = $1 AND read_at > now() - interval '1 day')
     RETURNING 1`,
    [defaultThresholdMinutes(), [...WATCHABLE_STATUSES], READING_INTERVAL_MS],
  );
  return rows.length;
}
