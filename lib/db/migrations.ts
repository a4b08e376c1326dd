/**
 * The console database's schema, as an ordered list. Applied in order on open (see migrate.ts)
 * and recorded in schema_migrations. Append only: never edit or reorder an applied migration,
 * add a new one. The SQL must run on both PostgreSQL and PGlite.
 */

export interface Migration {
  id: string;
  sql: string;
}

const auditLog: Migration = {
  id: '0001_audit_log',
  sql: `
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  operator_id text NOT NULL,
  operator_email text NOT NULL,
  operator_role text NOT NULL CHECK (operator_role IN ('viewer', 'support', 'ops', 'none')),
  action text NOT NULL,
  target_type text NOT NULL,
  target_ids text[] NOT NULL DEFAULT '{}',
  params jsonb NOT NULL DEFAULT '{}',
  outcome text NOT NULL CHECK (outcome IN ('pending', 'ok', 'failed', 'denied', 'invalid')),
  denial_reason text,
  upstream_status integer,
  upstream_request_id text,
  error_message text,
  duration_ms integer,
  completed_at timestamptz,
  job_id text,
  CHECK ((outcome = 'pending') = (completed_at IS NULL)),
  CHECK (outcome NOT IN ('denied', 'invalid') OR denial_reason IS NOT NULL)
);

-- Append-only, enforced here rather than trusted to the app: no DELETE or TRUNCATE, and an
-- UPDATE only once, from pending, touching only the outcome columns.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
  END IF;
  IF OLD.outcome <> 'pending' THEN
    RAISE EXCEPTION 'audit_log row % already has its outcome (%)', OLD.id, OLD.outcome;
  END IF;
  IF NEW.outcome = 'pending' THEN
    RAISE EXCEPTION 'audit_log row %: an update must record an outcome', OLD.id;
  END IF;
  IF (NEW.id, NEW.occurred_at, NEW.operator_id, NEW.operator_email, NEW.operator_role, NEW.action,
      NEW.target_type, NEW.target_ids, NEW.params, NEW.job_id)
     IS DISTINCT FROM
     (OLD.id, OLD.occurred_at, OLD.operator_id, OLD.operator_email, OLD.operator_role, OLD.action,
      OLD.target_type, OLD.target_ids, OLD.params, OLD.job_id) THEN
    RAISE EXCEPTION 'audit_log row %: only the outcome columns may change', OLD.id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- The audit page's filters, newest first; id breaks ties for keyset paging.
CREATE INDEX audit_log_occurred_at_idx ON audit_log (occurred_at DESC, id DESC);
CREATE INDEX audit_log_operator_email_idx ON audit_log (operator_email, occurred_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, occurred_at DESC);
CREATE INDEX audit_log_target_ids_idx ON audit_log USING gin (target_ids);
CREATE INDEX audit_log_outcome_idx ON audit_log (outcome, occurred_at DESC);
`,
};

/**
 * Bulk jobs (lib/jobs): one row per job and one per item. Item counts are derived with
 * count(*) FILTER, not kept on the job. Items are claimed with FOR UPDATE SKIP LOCKED; an item
 * `in_flight` belongs to the runner named in claimed_by for as long as that runner's heartbeat
 * in bulk_job_runners is fresh. `sends` counts requests started for the item (so a resumed item
 * shows whether it may have been sent twice), `claims` how often it was claimed.
 */
const bulkJobs: Migration = {
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
 * What an action did, in a line (a job command's counts, a run's totals), apart from
 * error_message, which says only what went wrong. An outcome column: the append-only trigger
 * lists the columns that may never change, so this one is written once, with the outcome.
 */
const auditSummary: Migration = {
  id: '0003_audit_summary',
  sql: `ALTER TABLE audit_log ADD COLUMN summary text;`,
};

/**
 * Refusals without a session, counted per action, source and minute instead of a row each (see
 * lib/audit/refusals.ts). audit_id is the window's one audit_log row (no foreign key: a
 * reference would change how the trigger refuses TRUNCATE of audit_log). Counts, not history: rows
 * here may be updated (the count) and are not covered by the append-only trigger.
 */
const auditRefusalTallies: Migration = {
  id: '0004_audit_refusal_tallies',
  sql: `
CREATE TABLE audit_refusal_tallies (
  window_start timestamptz NOT NULL,
  action text NOT NULL,
  source text NOT NULL,
  reason text NOT NULL,
  count integer NOT NULL DEFAULT 1,
  last_at timestamptz NOT NULL DEFAULT now(),
  audit_id bigint,
  PRIMARY KEY (window_start, action, source, reason)
);
CREATE INDEX audit_refusal_tallies_audit_id_idx ON audit_refusal_tallies (audit_id) WHERE audit_id IS NOT NULL;
`,
};

/**
 * Items sent whose outcome could not be recorded end as `unknown` ("check before retrying"),
 * never back to pending: sending them again could apply them twice. `sent_at` is set by each
 * send of the current claim (cleared by a claim), so recovery knows whether a stuck item was sent.
 */
const bulkJobItemUnknown: Migration = {
  id: '0005_bulk_job_item_unknown',
  sql: `
ALTER TABLE bulk_job_items DROP CONSTRAINT bulk_job_items_status_check;
ALTER TABLE bulk_job_items ADD CONSTRAINT bulk_job_items_status_check
  CHECK (status IN ('pending', 'in_flight', 'ok', 'failed', 'skipped', 'unknown'));
ALTER TABLE bulk_job_items ADD COLUMN sent_at timestamptz;
`,
};

/**
 * Sessions signed out before their cookie expired (lib/auth/revocation.ts): a copied cookie of
 * a revoked session is refused on every read. Keyed by the session's id (who and when it signed
 * in, which every re-sealed cookie of the session keeps); a row is kept until the session could
 * no longer be valid anyway.
 */
const revokedSessions: Migration = {
  id: '0010_revoked_sessions',
  sql: `
CREATE TABLE revoked_sessions (
  session_id text PRIMARY KEY,
  revoked_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_sessions_expires_at_idx ON revoked_sessions (expires_at);
`,
};

/**
 * One refresh of the service's tokens per old refresh token, across console instances
 * (lib/auth/refresh-coordination.ts): the first instance to insert the row refreshes; the others,
 * and a browser that lost the response with the new cookie, read its sealed result. Kept briefly.
 */
const sessionRefreshes: Migration = {
  id: '0011_session_refreshes',
  sql: `
CREATE TABLE session_refreshes (
  token_hash text PRIMARY KEY,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  outcome text CHECK (outcome IN ('refreshed', 'rejected')),
  sealed_result text,
  CHECK ((outcome = 'refreshed') = (sealed_result IS NOT NULL))
);
CREATE INDEX session_refreshes_expires_at_idx ON session_refreshes (expires_at);
`,
};

/** What each merge moved, counted before and after from the service (the kept user's page shows it). */
const accountMerges: Migration = {
  id: '0015_account_merges',
  sql: `
CREATE TABLE account_merges (
  id bigserial PRIMARY KEY,
  merged_at timestamptz NOT NULL DEFAULT now(),
  operator_email text NOT NULL,
  source_id text NOT NULL,
  target_id text NOT NULL,
  report jsonb NOT NULL
);
CREATE INDEX account_merges_target_idx ON account_merges (target_id, merged_at DESC);
CREATE INDEX account_merges_source_idx ON account_merges (source_id);
`,
};

/** Bulk jobs over user accounts too (lib/jobs/item-kinds.ts): mark verified. */
const bulkJobUserActions: Migration = {
  id: '0012_bulk_job_user_actions',
  sql: `
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_action_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_action_check
  CHECK (action IN ('message.reprocess', 'message.set_status', 'message.create_mp3', 'message.recreate_waveform', 'user.set_verified'));
`,
};

/**
 * Four-eyes approvals (lib/approvals): one row per request for a covered action, bound to its
 * validated parameters by hash. Used at most once: the execution is the conditional update from
 * `approved` to `executed`. A break-glass run is a row of its own (break_glass, executed at
 * once), waiting for its after-the-fact review by another operator.
 */
const approvalRequests: Migration = {
  id: '0040_approval_requests',
  sql: `
CREATE TABLE approval_requests (
  id text PRIMARY KEY,
  action text NOT NULL,
  params jsonb NOT NULL,
  params_hash text NOT NULL,
  preview jsonb NOT NULL DEFAULT '{}',
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'executed', 'canceled')),
  requester_id text NOT NULL,
  requester_email text NOT NULL,
  approver_id text,
  approver_email text,
  review_comment text,
  break_glass boolean NOT NULL DEFAULT false,
  reviewed_by_id text,
  reviewed_by_email text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  executed_at timestamptz,
  expires_at timestamptz NOT NULL,
  execution_outcome text CHECK (execution_outcome IN ('ok', 'failed')),
  execution_audit_id text,
  execution_result jsonb,
  CHECK (approver_id IS NULL OR break_glass OR approver_id <> requester_id)
);
CREATE INDEX approval_requests_status_idx ON approval_requests (status, created_at DESC);
CREATE INDEX approval_requests_created_idx ON approval_requests (created_at DESC, id DESC);
`,
};

/**
 * Incidents (lib/incidents): one row per incident, its timeline (status changes and operators'
 * notes) and the bulk jobs linked to it. The timeline is append-only like audit_log, enforced
 * here: a note is never edited, a correction is a new note. The incident's row keeps its current
 * status (set with each status event, in one transaction) so that the list reads one table.
 */
const incidents: Migration = {
  id: '0045_incidents',
  sql: `
CREATE TABLE incidents (
  id text PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  severity text NOT NULL CHECK (severity IN ('sev1', 'sev2', 'sev3', 'sev4')),
  scope jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'mitigated', 'resolved')),
  opened_at timestamptz NOT NULL DEFAULT now(),
  opened_by_id text NOT NULL,
  opened_by_email text NOT NULL,
  affected_at_open jsonb,
  mitigated_at timestamptz,
  resolved_at timestamptz
);
CREATE INDEX incidents_opened_at_idx ON incidents (opened_at DESC, id DESC);

CREATE TABLE incident_events (
  id bigserial PRIMARY KEY,
  incident_id text NOT NULL REFERENCES incidents (id),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN ('status', 'note')),
  status text CHECK (status IN ('open', 'mitigated', 'resolved')),
  body text CHECK (length(body) <= 5000),
  operator_id text NOT NULL,
  operator_email text NOT NULL,
  CHECK ((kind = 'status') = (status IS NOT NULL)),
  CHECK ((kind = 'note') = (body IS NOT NULL))
);
CREATE INDEX incident_events_incident_idx ON incident_events (incident_id, occurred_at, id);

CREATE FUNCTION incident_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'incident_events is append-only: % is not allowed', TG_OP;
END
$$;
CREATE TRIGGER incident_events_append_only BEFORE UPDATE OR DELETE ON incident_events
  FOR EACH ROW EXECUTE FUNCTION incident_events_append_only();
CREATE TRIGGER incident_events_no_truncate BEFORE TRUNCATE ON incident_events
  FOR EACH STATEMENT EXECUTE FUNCTION incident_events_append_only();

CREATE TABLE incident_jobs (
  incident_id text NOT NULL REFERENCES incidents (id),
  job_id text NOT NULL REFERENCES bulk_jobs (id),
  linked_at timestamptz NOT NULL DEFAULT now(),
  linked_by_email text NOT NULL,
  PRIMARY KEY (incident_id, job_id)
);
CREATE INDEX incident_jobs_job_idx ON incident_jobs (job_id);
`,
};

/**
 * The stuck trend (lib/stuck-trend): one row per minute and scope ('' is the whole service,
 * 'incident:<id>' an open incident's scope). The row is the minute's slot: the first console to
 * insert it samples, the others skip. counts is null until sampled, and stays null with the error
 * when the read failed (a gap, never zero).
 */
const stuckSamples: Migration = {
  id: '0046_stuck_samples',
  sql: `
CREATE TABLE stuck_samples (
  minute timestamptz NOT NULL,
  scope text NOT NULL DEFAULT '',
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  sampled_at timestamptz,
  counts jsonb,
  error text,
  PRIMARY KEY (minute, scope)
);
CREATE INDEX stuck_samples_scope_idx ON stuck_samples (scope, minute);
`,
};

/** The dashboard's stuck counts, kept for the direction each card shows (lib/dashboard/readings.ts). */
const dashboardStuckReadings: Migration = {
  id: '0050_dashboard_stuck_readings',
  sql: `
CREATE TABLE dashboard_stuck_readings (
  id bigserial PRIMARY KEY,
  read_at timestamptz NOT NULL,
  threshold integer NOT NULL,
  counts jsonb NOT NULL
);
CREATE INDEX dashboard_stuck_readings_idx ON dashboard_stuck_readings (threshold, read_at DESC);
`,
};

/** The same-site path of the view a job's dry run was started from (lib/jobs/origin.ts); null for older jobs. */
const bulkJobOrigin: Migration = {
  id: '0056_bulk_job_origin',
  sql: `ALTER TABLE bulk_jobs ADD COLUMN origin text;`,
};

/**
 * A dry run too large to read inside the operator's request, read by the runners in the
 * background (lib/jobs/plan-background.ts): where it has got to, so that any runner resumes it
 * after a crash (the claim's heartbeat is its lease), and why it stopped when it failed.
 */
const bulkJobPlans: Migration = {
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
 * The send budget runners on one PostgreSQL share (lib/jobs/shared-budget.ts): a row per
 * credential bucket and service rate-limit window (keyed by the service's own reset time), the
 * requests granted in it so far, and the limit and window length last learned.
 */
const rateBudgetWindows: Migration = {
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
const bulkJobFinalCounts: Migration = {
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

export const CONSOLE_MIGRATIONS: readonly Migration[] = [
  auditLog,
  bulkJobs,
  auditSummary,
  auditRefusalTallies,
  bulkJobItemUnknown,
  revokedSessions,
  sessionRefreshes,
  bulkJobUserActions,
  accountMerges,
  approvalRequests,
  incidents,
  stuckSamples,
  dashboardStuckReadings,
  bulkJobOrigin,
  bulkJobPlans,
  rateBudgetWindows,
  bulkJobFinalCounts,
];
