/**
 * The operators table (migration 0075): who signed in, the role the console's database records
 * for them, and their sessions. Roles are resolved here with the one resolution order
 * (lib/auth/roles/roles.ts); the operators of a console are few, so lists are read whole and
 * resolved, filtered and ordered in the process, where the bootstrap setting is known.
 */
import { z } from 'zod';
import {
  CONSOLE_ROLES,
  resolveRole,
  type ConsoleRole,
  type ResolvedRole,
  type RoleMapping,
  type RoleSettings,
} from '@/lib/auth/roles';
import { revokeSession, sessionIdOf } from '@/lib/auth/session-cookie/revocation';
import type { ConsoleDb, Queryable } from '@/lib/db';
import { readCache } from '@/lib/db/read-cache';

const roleSchema = z.enum(CONSOLE_ROLES).nullable();

export interface RoleRecord {
  /** The role the database decided for the account (undefined: nobody did). */
  recorded: ConsoleRole | null | undefined;
  lastActivityAt: Date | null;
}

/**
 * The role records pages draw with (lib/db/read-cache.ts). Actions never use it: the action
 * guard reads the role afresh, so what an operator may do follows a change at once on every instance.
 */
const pageRoleRecords = readCache<string, RoleRecord>('operator-roles');
const ROLE_ORIGINS = ['none', 'setting', 'console'] as const;

const operatorRowSchema = z
  .object({
    account_id: z.string(),
    email: z.string(),
    name: z.string(),
    role: roleSchema,
    role_origin: z.enum(ROLE_ORIGINS),
    role_changed_at: z.coerce.date().nullable(),
    role_changed_by: z.string().nullable(),
    first_sign_in_at: z.coerce.date(),
    last_sign_in_at: z.coerce.date(),
    last_activity_at: z.coerce.date(),
    open_sessions: z.coerce.number().int(),
  })
  .transform((row) => ({
    accountId: row.account_id,
    email: row.email,
    name: row.name,
    /** What the database decided (undefined: nobody did yet; null: the role was removed). */
    recorded: row.role_origin === 'none' ? undefined : row.role,
    decidedBy:
      row.role_origin === 'console' ? row.role_changed_by : row.role_origin === 'setting' ? 'CONSOLE_ROLES' : null,
    roleChangedAt: row.role_changed_at,
    firstSignInAt: row.first_sign_in_at,
    lastSignInAt: row.last_sign_in_at,
    lastActivityAt: row.last_activity_at,
    openSessions: row.open_sessions,
  }));
type StoredOperator = z.output<typeof operatorRowSchema>;

/** An operator as the console shows them: the stored row with the role resolved now. */
export type OperatorRecord = Omit<StoredOperator, 'recorded'> & ResolvedRole;

function withRole(row: StoredOperator, settings: RoleSettings): OperatorRecord {
  const { recorded, ...rest } = row;
  return { ...rest, ...resolveRole(recorded, row.email, settings) };
}

/** A session counts as open until it expires, is signed out or ended, or sits idle past the timeout. */
const OPEN_SESSION = `s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $1)
  AND NOT EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.session_id = s.session_id)`;

const OPERATOR_COLUMNS = `o.account_id, o.email, o.name, o.role, o.role_origin, o.role_changed_at, o.role_changed_by,
  o.first_sign_in_at, o.last_sign_in_at, o.last_activity_at,
  (SELECT count(*)::int FROM operator_sessions s WHERE s.account_id = o.account_id AND ${OPEN_SESSION}) AS open_sessions`;

export interface SignIn {
  accountId: string;
  email: string;
  name: string;
  /** Epoch ms of the sign-in, and when the session ends at the latest. */
  signedInAt: number;
  expiresAt: number;
}

/**
 * Records a sign-in: the operator's row (new, or with the service's current name and e-mail) and
 * the session. CONSOLE_ROLES grants its role here to an operator whose role nobody decided yet:
 * that is how the first ops operator exists.
 */
export async function recordSignIn(db: Queryable, signIn: SignIn, bootstrap: RoleMapping): Promise<void> {
  const configured = bootstrap.get(signIn.email.toLowerCase()) ?? null;
  const at = new Date(signIn.signedInAt);
  await db.query(
    `INSERT INTO operators (account_id, email, name, role, role_origin, role_changed_at, first_sign_in_at, last_sign_in_at, last_activity_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $4::text IS NULL THEN NULL ELSE $6::timestamptz END, $6, $6, $6)
     ON CONFLICT (account_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name,
       last_sign_in_at = EXCLUDED.last_sign_in_at, last_activity_at = EXCLUDED.last_activity_at,
       role = CASE WHEN operators.role_origin = 'none' THEN EXCLUDED.role ELSE operators.role END,
       role_changed_at = CASE WHEN operators.role_origin = 'none' THEN EXCLUDED.role_changed_at ELSE operators.role_changed_at END,
       role_origin = CASE WHEN operators.role_origin = 'none' THEN EXCLUDED.role_origin ELSE operators.role_origin END`,
    [signIn.accountId, signIn.email, signIn.name, configured, configured ? 'setting' : 'none', at],
  );
  await db.query(
    `INSERT INTO operator_sessions (session_id, account_id, signed_in_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $3, $4) ON CONFLICT (session_id) DO NOTHING`,
    [
      sessionIdOf({ sub: signIn.accountId, signedInAt: signIn.signedInAt }),
      signIn.accountId,
      at,
      new Date(signIn.expiresAt),
    ],
  );
  await db.query('DELETE FROM operator_sessions WHERE expires_at < now()');
  pageRoleRecords.forget();
}

/** The role the database decided for the account (undefined: nobody did), and when it was last active. */
export async function readRoleRecord(db: Queryable, accountId: string): Promise<RoleRecord> {
  const [row] = await db.query<{ role: string | null; role_origin: string; last_activity_at: Date }>(
    'SELECT role, role_origin, last_activity_at FROM operators WHERE account_id = $1',
    [accountId],
  );
  if (!row) return { recorded: undefined, lastActivityAt: null };
  return {
    recorded: row.role_origin === 'none' ? undefined : roleSchema.parse(row.role),
    lastActivityAt: new Date(row.last_activity_at),
  };
}

/** `readRoleRecord` for drawing a page: believed for the read cache's TTL. */
export function readPageRoleRecord(db: Queryable, accountId: string, now = Date.now()): Promise<RoleRecord> {
  return pageRoleRecords.read(db, accountId, () => readRoleRecord(db, accountId), now);
}

/** Moves the operator's and the session's last activity forward to `at`. */
export async function noteActivity(
  db: Queryable,
  session: { sub: string; signedInAt: number },
  at: Date,
): Promise<void> {
  await db.query('UPDATE operators SET last_activity_at = $2 WHERE account_id = $1 AND last_activity_at < $2', [
    session.sub,
    at,
  ]);
  await db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE session_id = $1 AND last_seen_at < $2', [
    sessionIdOf(session),
    at,
  ]);
  pageRoleRecords.forget();
}

export async function listOperators(db: Queryable, settings: RoleSettings, idleMs: number): Promise<OperatorRecord[]> {
  const rows = await db.query(`SELECT ${OPERATOR_COLUMNS} FROM operators o ORDER BY o.email`, [idleMs / 1000]);
  return rows.map((row) => withRole(operatorRowSchema.parse(row), settings));
}

export async function findOperator(
  db: Queryable,
  accountId: string,
  settings: RoleSettings,
  idleMs: number,
): Promise<OperatorRecord | null> {
  const [row] = await db.query(`SELECT ${OPERATOR_COLUMNS} FROM operators o WHERE o.account_id = $2`, [
    idleMs / 1000,
    accountId,
  ]);
  return row ? withRole(operatorRowSchema.parse(row), settings) : null;
}

export interface OpenSession {
  sessionId: string;
  signedInAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export async function openSessionsOf(db: Queryable, accountId: string, idleMs: number): Promise<OpenSession[]> {
  const rows = await db.query<{ session_id: string; signed_in_at: Date; last_seen_at: Date; expires_at: Date }>(
    `SELECT s.session_id, s.signed_in_at, s.last_seen_at, s.expires_at FROM operator_sessions s
     WHERE s.account_id = $2 AND ${OPEN_SESSION} ORDER BY s.signed_in_at DESC`,
    [idleMs / 1000, accountId],
  );
  return rows.map((row) => ({
    sessionId: row.session_id,
    signedInAt: new Date(row.signed_in_at),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
  }));
}

/**
 * Ends every session of the operator that has not ended yet: each is revoked exactly as a sign-out
 * revokes it (revoked_sessions), so every console instance refuses its cookies, copies included.
 * Idle sessions are ended too: activity would not bring them back, but nothing is left to chance.
 */
export async function endSessionsOf(db: Queryable, accountId: string): Promise<number> {
  const rows = await db.query<{ signed_in_at: Date; expires_at: Date }>(
    `SELECT s.signed_in_at, s.expires_at FROM operator_sessions s
     WHERE s.account_id = $1 AND s.expires_at > now()
       AND NOT EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.session_id = s.session_id)`,
    [accountId],
  );
  for (const row of rows)
    await revokeSession(
      { sub: accountId, signedInAt: new Date(row.signed_in_at).getTime() },
      new Date(row.expires_at).getTime(),
      db,
    );
  return rows.length;
}

/** Why a role change was refused, in words for the operator. */
export type RoleChangeRefusal = { code: 'not_found' | 'last_ops' | 'locked_by_setting'; message: string };

export type RoleChange =
  | { ok: true; email: string; before: ResolvedRole; after: ResolvedRole }
  | { ok: false; refusal: RoleChangeRefusal };

/**
 * Records `role` (null: removes it) for the operator, unless that leaves the console without an
 * ops operator, or the setting decides this operator's role. The operators' rows are locked for
 * the change, so two changes at once on any number of instances cannot each demote one of the
 * last two ops operators.
 */
export async function changeOperatorRole(
  db: ConsoleDb,
  change: { accountId: string; role: ConsoleRole | null; by: string },
  settings: RoleSettings,
): Promise<RoleChange> {
  const outcome = await db.transaction(async (tx): Promise<RoleChange> => {
    const rows = await tx.query<{ account_id: string; email: string; role: string | null; role_origin: string }>(
      'SELECT account_id, email, role, role_origin FROM operators ORDER BY account_id FOR UPDATE',
    );
    const resolved = rows.map((row) => ({
      accountId: row.account_id,
      email: row.email,
      ...resolveRole(row.role_origin === 'none' ? undefined : roleSchema.parse(row.role), row.email, settings),
    }));
    const target = resolved.find((row) => row.accountId === change.accountId);
    if (!target) return refuse('not_found', 'No operator with this account id has signed in to the console.');
    const after = resolveRole(change.role, target.email, settings);
    if (after.origin === 'setting')
      return refuse(
        'locked_by_setting',
        `CONSOLE_ROLES sets the role of ${target.email} and CONSOLE_ROLE_SOURCE=setting makes it win: change the setting instead.`,
      );
    const otherOps = resolved.filter((row) => row.role === 'ops' && row.accountId !== target.accountId).length;
    if (target.role === 'ops' && after.role !== 'ops' && otherOps === 0)
      return refuse(
        'last_ops',
        `${target.email} is the last ops operator: grant ops to another operator first, so that someone can still manage roles and approve what needs four eyes.`,
      );
    await tx.query(
      `UPDATE operators SET role = $2, role_origin = 'console', role_changed_at = now(), role_changed_by = $3 WHERE account_id = $1`,
      [change.accountId, change.role, change.by],
    );
    return { ok: true, email: target.email, before: { role: target.role, origin: target.origin }, after };
  });
  pageRoleRecords.forget();
  return outcome;
}

function refuse(code: RoleChangeRefusal['code'], message: string): RoleChange {
  return { ok: false, refusal: { code, message } };
}
