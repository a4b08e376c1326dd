/** Watch rules and what they saw. Part of the ordered list in index.ts, whose rules hold here. */
import type { Migration } from './index';

/**
 * A rule (lib/watch/types.ts) with its current state; one row per evaluated slot, claimed by the
 * first console to insert it (so exactly one console evaluates a rule per slot); its state
 * changes; its silences; the incident each firing episode opened. `watch_rules_seeded` holds one
 * row once any rule was ever made, so the dashboard's default rule is made on a first start only.
 */
export const watchRules: Migration = {
  id: '0080_watch_rules',
  sql: `
CREATE TABLE watch_rules (
  id text PRIMARY KEY,
  name text NOT NULL,
  target jsonb NOT NULL,
  condition jsonb NOT NULL,
  recovery_margin double precision NOT NULL DEFAULT 0,
  incident_severity text,
  enabled boolean NOT NULL DEFAULT true,
  owner_id text NOT NULL,
  owner_email text NOT NULL,
  dashboard_default boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'ok',
  state_since timestamptz NOT NULL DEFAULT now(),
  holding_since timestamptz,
  episode_slot timestamptz,
  last_slot timestamptz,
  last_count integer,
  last_error text,
  acknowledged_by_email text,
  acknowledged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX watch_rules_one_dashboard_default ON watch_rules (dashboard_default) WHERE dashboard_default;

CREATE TABLE watch_rules_seeded (
  id integer PRIMARY KEY CHECK (id = 1),
  seeded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE watch_rule_evaluations (
  rule_id text NOT NULL REFERENCES watch_rules (id) ON DELETE CASCADE,
  slot timestamptz NOT NULL,
  claimed_by text NOT NULL,
  count integer,
  error text,
  state_after text,
  evaluated_at timestamptz,
  PRIMARY KEY (rule_id, slot)
);

CREATE TABLE watch_rule_transitions (
  id bigserial PRIMARY KEY,
  rule_id text NOT NULL REFERENCES watch_rules (id) ON DELETE CASCADE,
  slot timestamptz NOT NULL,
  from_state text NOT NULL,
  to_state text NOT NULL,
  count integer NOT NULL,
  silenced boolean NOT NULL DEFAULT false,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (rule_id, slot)
);

CREATE TABLE watch_rule_silences (
  id text PRIMARY KEY,
  rule_id text NOT NULL REFERENCES watch_rules (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL DEFAULT now(),
  until timestamptz NOT NULL,
  reason text NOT NULL,
  author_email text NOT NULL,
  ended_at timestamptz,
  ended_by_email text
);
CREATE INDEX watch_rule_silences_rule_idx ON watch_rule_silences (rule_id, until);

CREATE TABLE watch_rule_incidents (
  rule_id text NOT NULL REFERENCES watch_rules (id) ON DELETE CASCADE,
  episode_slot timestamptz NOT NULL,
  incident_id text NOT NULL UNIQUE,
  resolved_note_at timestamptz,
  PRIMARY KEY (rule_id, episode_slot)
);
`,
};
