/**
 * The emulator's tables (real PostgreSQL SQL, run by PGlite). One statement block per entity;
 * workspaces, channels, messages, notifications, domains and agents join here as they arrive.
 */
export const SCHEMA_SQL = `
CREATE TABLE users (
  id             text PRIMARY KEY,
  email          text NOT NULL UNIQUE,
  first_name     text,
  last_name      text,
  image_url      text,
  phone          text,
  verified       boolean NOT NULL,
  account_type   text NOT NULL CHECK (account_type IN ('human', 'agent')),
  idp_provider   text,
  merged_into    text REFERENCES users (id),
  creator_id     text REFERENCES users (id),
  created_at     timestamptz NOT NULL,
  last_active_at timestamptz
);
CREATE INDEX users_created_at ON users (created_at);
CREATE INDEX users_creator_id ON users (creator_id);

-- Credentials live apart from users, so no user query can leak a hash.
CREATE TABLE sign_in_accounts (
  user_id       text PRIMARY KEY REFERENCES users (id),
  password_hash text NOT NULL,
  admin_allowed boolean NOT NULL
);
`;
