/**
 * The role an operator acts with, read from the console's database on every request: a role
 * changed or removed on one console instance applies on every instance at the operator's next
 * request, with no cache to go stale (one primary-key lookup, like the revocation check).
 */
import { operatorFrom, resolveRole, type Operator, type ResolvedRole, type RoleSettings } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie/token';
import type { Queryable } from '@/lib/db';
import { noteActivity, readRoleRecord } from './store';

/** Last activity is written at most this often per operator (the session cookie keeps it to the minute). */
const ACTIVITY_STEP_MS = 60_000;

/** The account's role now. Throws when the database cannot say (callers refuse: fail closed). */
export async function currentRole(
  db: Queryable,
  account: { id: string; email: string },
  settings: RoleSettings,
): Promise<ResolvedRole> {
  const { recorded } = await readRoleRecord(db, account.id);
  return resolveRole(recorded, account.email, settings);
}

/** The session's operator with the role resolved now; moves the operator's last activity forward. */
export async function sessionOperator(db: Queryable, token: SessionToken, settings: RoleSettings): Promise<Operator> {
  const { recorded, lastActivityAt } = await readRoleRecord(db, token.sub);
  const seen = token.lastSeenAt;
  if (lastActivityAt && seen !== undefined && seen - lastActivityAt.getTime() >= ACTIVITY_STEP_MS)
    await noteActivity(db, token, new Date(seen));
  return operatorFrom(token, resolveRole(recorded, token.email, settings).role);
}
