/** The audit log and sessions: what operators did, and which sessions ended. Part of the ordered list in index.ts, whose rules hold here. */
import type { Migration } from './index';

export const auditLog: Migration = {
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
 * What an action did, in a line (a job command's counts, a run's totals), apart from
 * error_message, which says only what went wrong. An outcome column: the append-only trigger
 * lists the columns that may never change, so this one is written once, with the outcome.
 */
export const auditSummary: Migration = {
  id: '0003_audit_summary',
  sql: `ALTER TABLE audit_log ADD COLUMN summary text;`,
};

/**
 * Refusals without a session, counted per action, source and minute instead of a row each (see
 * lib/audit/refusals.ts). audit_id is the window's one audit_log row (no foreign key: a
 * reference would change how the trigger refuses TRUNCATE of audit_log). Counts, not history: rows
 * here may be updated (the count) and are not covered by the append-only trigger.
 */
export const auditRefusalTallies: Migration = {
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
 * Sessions signed out before their cookie expired (lib/auth/session-cookie/revocation.ts): a copied cookie of
 * a revoked session is refused on every read. Keyed by the session's id (who and when it signed
 * in, which every re-sealed cookie of the session keeps); a row is kept until the session could
 * no longer be valid anyway.
 */
export const revokedSessions: Migration = {
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
 * (lib/auth/session-cookie/refresh-coordination.ts): the first instance to insert the row refreshes; the others,
 * and a browser that lost the response with the new cookie, read its sealed result. Kept briefly.
 */
export const sessionRefreshes: Migration = {
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
