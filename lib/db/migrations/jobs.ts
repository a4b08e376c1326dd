/** Bulk jobs: jobs and their items, dry runs read in the background, and the shared rate budget. Part of the ordered list in index.ts, whose rules hold here. */
import type { Migration } from './index';

/**
 * Bulk jobs (lib/jobs): one row per job and one per item. Item counts are derived with
 * count(*) FILTER, not kept on the job. Items are claimed with FOR UPDATE SKIP LOCKED; an item
 * `in_flight` belongs to the runner named in claimed_by for as long as that runner's heartbeat
 * in bulk_job_runners is fresh. `sends` counts requests started for the item (so a resumed item
 * shows whether it may have been sent twice), `claims` how often it was claimed.
 */
export const bulkJobs: Migration = {
  id: '0002_bulk_jobs',
  sql: `
CREATE TABLE bulk_jobs (
  id text PRIMARY KEY,
  action text NOT NULL CHECK (action IN ('message.reprocess', 'message.set_status', 'message.create_mp3', 'message.recreate_waveform')),
  params jsonb NOT NULL DEFAULT '{}',
  selection jsonb NOT NULL,
  dry_run jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL CHECK (status IN ('planning', 'planned', 'queued', 'running', 'cancelling', 'cancelled', 'completed')),
  created_by_id text NOT NULL,
  created_by_email text NOT NULL,
  created_by_role text NOT NULL CHECK (created_by_role IN ('viewer', 'support', 'ops', 'none')),
  created_at timestamptz NOT NULL DEFAULT now(),
  planned_at timestamptz,
  queued_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  total integer NOT NULL DEFAULT 0,
  reverts_job_id text REFERENCES bulk_jobs (id),
  run_audit_id text,
  runs integer NOT NULL DEFAULT 0
);
CREATE INDEX bulk_jobs_created_at_idx ON bulk_jobs (created_at DESC, id DESC);
CREATE INDEX bulk_jobs_active_idx ON bulk_jobs (created_at, id) WHERE status IN ('queued', 'running', 'cancelling');
CREATE INDEX bulk_jobs_reverts_idx ON bulk_jobs (reverts_job_id) WHERE reverts_job_id IS NOT NULL;

CREATE TABLE bulk_job_items (
  job_id text NOT NULL REFERENCES bulk_jobs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  item_id text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_flight', 'ok', 'failed', 'skipped')),
  target_status text,
  status_before text,
  status_after text,
  attempts integer NOT NULL DEFAULT 0,
  sends integer NOT NULL DEFAULT 0,
  claims integer NOT NULL DEFAULT 0,
  error text,
  upstream_status integer,
  upstream_request_id text,
  claimed_by text,
  claimed_at timestamptz,
  claim_token text,
  finished_at timestamptz,
  PRIMARY KEY (job_id, seq),
  UNIQUE (job_id, item_id)
);
-- Claims (pending by seq), counts by status and the item list's status filter.
CREATE INDEX bulk_job_items_status_idx ON bulk_job_items (job_id, status, seq);
-- Recovery of items whose runner died.
CREATE INDEX bulk_job_items_in_flight_idx ON bulk_job_items (claimed_by) WHERE status = 'in_flight';
-- The job page's rate (items finished in the last seconds).
CREATE INDEX bulk_job_items_finished_idx ON bulk_job_items (job_id, finished_at) WHERE finished_at IS NOT NULL;
-- Which jobs touched a message (incidents).
CREATE INDEX bulk_job_items_item_idx ON bulk_job_items (item_id);

CREATE TABLE bulk_job_runners (
  instance_id text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  stopped_at timestamptz,
  last_error text,
  last_error_at timestamptz
);
`,
};

/**
 * Items sent whose outcome could not be recorded end as `unknown` ("check before retrying"),
 * never back to pending: sending them again could apply them twice. `sent_at` is set by each
 * send of the current claim (cleared by a claim), so recovery knows whether a stuck item was sent.
 */
export const bulkJobItemUnknown: Migration = {
  id: '0005_bulk_job_item_unknown',
  sql: `
ALTER TABLE bulk_job_items DROP CONSTRAINT bulk_job_items_status_check;
ALTER TABLE bulk_job_items ADD CONSTRAINT bulk_job_items_status_check
  CHECK (status IN ('pending', 'in_flight', 'ok', 'failed', 'skipped', 'unknown'));
ALTER TABLE bulk_job_items ADD COLUMN sent_at timestamptz;
`,
};

/** Bulk jobs over user accounts too (lib/jobs/plan/item-kinds.ts): mark verified. */
export const bulkJobUserActions: Migration = {
  id: '0012_bulk_job_user_actions',
  sql: `
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_action_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_action_check
  CHECK (action IN ('message.reprocess', 'message.set_status', 'message.create_mp3', 'message.recreate_waveform', 'user.set_verified'));
`,
};

/** The same-site path of the view a job's dry run was started from (lib/jobs/plan/origin.ts); null for older jobs. */
export const bulkJobOrigin: Migration = {
  id: '0056_bulk_job_origin',
  sql: `ALTER TABLE bulk_jobs ADD COLUMN origin text;`,
};

/**
 * A dry run too large to read inside the operator's request, read by the runners in the
 * background (lib/jobs/plan-background.ts): where it has got to, so that any runner resumes it
 * after a crash (the claim's heartbeat is its lease), and why it stopped when it failed.
 */
export const bulkJobPlans: Migration = {
  id: '0060_bulk_job_plans',
  sql: `
CREATE TABLE bulk_job_plans (
  job_id text PRIMARY KEY REFERENCES bulk_jobs (id) ON DELETE CASCADE,
  filter jsonb NOT NULL,
  page_size integer NOT NULL,
  state text NOT NULL DEFAULT 'reading' CHECK (state IN ('reading', 'failed', 'done', 'cancelled')),
  next_start integer NOT NULL DEFAULT 0,
  next_seq integer NOT NULL DEFAULT 0,
  pages integer NOT NULL DEFAULT 0,
  found integer NOT NULL DEFAULT 0,
  reported_total integer,
  sample jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text,
  claimed_by text,
  heartbeat_at timestamptz,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX bulk_job_plans_reading_idx ON bulk_job_plans (started_at) WHERE state = 'reading';
`,
};

/**
 * The send budget runners on one PostgreSQL share (lib/jobs/pace/shared-budget.ts): a row per
 * credential bucket and service rate-limit window (keyed by the service's own reset time), the
 * requests granted in it so far, and the limit and window length last learned.
 */
export const rateBudgetWindows: Migration = {
  id: '0065_rate_budget_windows',
  sql: `
CREATE TABLE rate_budget_windows (
  bucket text NOT NULL,
  reset_at bigint NOT NULL,
  lim integer NOT NULL CHECK (lim > 0),
  window_ms integer NOT NULL CHECK (window_ms > 0),
  used integer NOT NULL CHECK (used >= 0),
  last_grant integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, reset_at)
);
`,
};

/**
 * A completed job's counts by item status, stored by finishIfDone when it completes: lists read
 * them instead of counting the job's items on every view (lib/jobs/types.ts, STORED_COUNTS_APPLY).
 * Jobs completed before this column get theirs here.
 */
export const bulkJobFinalCounts: Migration = {
  id: '0070_bulk_job_final_counts',
  sql: `
ALTER TABLE bulk_jobs ADD COLUMN final_counts jsonb;
UPDATE bulk_jobs j SET final_counts = (
  SELECT jsonb_build_object(
    'item_total', count(*)::int,
    'pending', count(*) FILTER (WHERE status = 'pending')::int,
    'in_flight', count(*) FILTER (WHERE status = 'in_flight')::int,
    'ok', count(*) FILTER (WHERE status = 'ok')::int,
    'failed', count(*) FILTER (WHERE status = 'failed')::int,
    'skipped', count(*) FILTER (WHERE status = 'skipped')::int,
    'unknown', count(*) FILTER (WHERE status = 'unknown')::int)
  FROM bulk_job_items WHERE job_id = j.id)
WHERE status = 'completed';
`,
};
