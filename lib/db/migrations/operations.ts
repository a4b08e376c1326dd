/** Account merges, approvals, incidents, and the stuck counts the dashboard and the stuck page keep. Part of the ordered list in index.ts, whose rules hold here. */
import type { Migration } from './index';

/** What each merge moved, counted before and after from the service (the kept user's page shows it). */
export const accountMerges: Migration = {
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

/**
 * Four-eyes approvals (lib/approvals): one row per request for a covered action, bound to its
 * validated parameters by hash. Used at most once: the execution is the conditional update from
 * `approved` to `executed`. A break-glass run is a row of its own (break_glass, executed at
 * once), waiting for its after-the-fact review by another operator.
 */
export const approvalRequests: Migration = {
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
export const incidents: Migration = {
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
export const stuckSamples: Migration = {
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
export const dashboardStuckReadings: Migration = {
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
