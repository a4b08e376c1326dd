/** The operators who signed in, their console roles and their sessions. Part of the ordered list in index.ts, whose rules hold here. */
import type { Migration } from './index';

/**
 * One row per operator who signed in (lib/operators): who they are at the service, their console
 * role as the console's database records it, and when they were last seen. `role_origin` says who
 * decided the role: nobody yet (`none`: the bootstrap setting still applies), CONSOLE_ROLES at
 * sign-in (`setting`), or an ops operator in the console (`console`; a null role then means the
 * role was removed). Every session is a row too, so an operator's sessions can be ended with the
 * revocation sign-out uses (revoked_sessions) and counted while open. An operator's page lists
 * their recent actions: the audit log by account id.
 */
export const operators: Migration = {
  id: '0075_operators',
  sql: `
CREATE TABLE operators (
  account_id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  role text CHECK (role IN ('viewer', 'support', 'ops')),
  role_origin text NOT NULL DEFAULT 'none' CHECK (role_origin IN ('none', 'setting', 'console')),
  role_changed_at timestamptz,
  role_changed_by text,
  first_sign_in_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operators_role_idx ON operators (role);
CREATE TABLE operator_sessions (
  session_id text PRIMARY KEY,
  account_id text NOT NULL,
  signed_in_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_sessions_account_idx ON operator_sessions (account_id, expires_at);
CREATE INDEX audit_log_operator_id_idx ON audit_log (operator_id, occurred_at DESC);
`,
};
