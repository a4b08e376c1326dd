/** Saved views of the console's tables. Part of the ordered list in index.ts, whose rules hold here. */
import type { Migration } from './index';

/**
 * One row per saved view (lib/views/store.ts): a table page's path and query as it was saved, by
 * name, private to its owner or shared with the team. A name is unique, any case, among one
 * owner's private views and among the shared views. The sidebar reads the operator's own views
 * and the shared ones, newest first, on every page: one index serves each half.
 */
export const savedViews: Migration = {
  id: '0077_saved_views',
  sql: `
CREATE TABLE saved_views (
  id text PRIMARY KEY,
  name text NOT NULL,
  table_id text NOT NULL,
  href text NOT NULL,
  visibility text NOT NULL CHECK (visibility IN ('private', 'shared')),
  owner_id text NOT NULL,
  owner_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_views_private_name_idx ON saved_views (owner_id, lower(name)) WHERE visibility = 'private';
CREATE UNIQUE INDEX saved_views_shared_name_idx ON saved_views (lower(name)) WHERE visibility = 'shared';
CREATE INDEX saved_views_owner_idx ON saved_views (owner_id, updated_at DESC);
CREATE INDEX saved_views_shared_idx ON saved_views (updated_at DESC) WHERE visibility = 'shared';
`,
};
