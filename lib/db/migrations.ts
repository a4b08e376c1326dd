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

export const CONSOLE_MIGRATIONS: readonly Migration[] = [auditLog];
