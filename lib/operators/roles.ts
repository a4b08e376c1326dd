/**
 * The role an operator acts with, from the console's database. An action reads it afresh
 * (`currentRole`, through the action guard): a role changed or removed on one console instance
 * applies to the operator's next action on every instance. A page draws with the read cache's
 * record (`sessionOperator`): a change made on this instance shows on the next page, one made on
 * another within the cache's TTL, as a sign-out does.
 */
import { operatorFrom, resolveRole, type Operator, type ResolvedRole, type RoleSettings } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-cookie/token';
import type { Queryable } from '@/lib/db';
import { noteActivity, readPageRoleRecord, readRoleRecord, type RoleRecord } from './store';

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

/** The session's operator with the role resolved now, for the action guard; moves the operator's last activity forward. */
export async function sessionOperator(db: Queryable, token: SessionToken, settings: RoleSettings): Promise<Operator> {
  return operatorOf(db, token, settings, await readRoleRecord(db, token.sub));
}

/** `sessionOperator` for drawing a page: the role as the read cache has it. */
export async function pageOperator(db: Queryable, token: SessionToken, settings: RoleSettings): Promise<Operator> {
  return operatorOf(db, token, settings, await readPageRoleRecord(db, token.sub));
}

async function operatorOf(
  db: Queryable,
  token: SessionToken,
  settings: RoleSettings,
  { recorded, lastActivityAt }: RoleRecord,
): Promise<Operator> {
  const seen = token.lastSeenAt;
  if (lastActivityAt && seen !== undefined && seen - lastActivityAt.getTime() >= ACTIVITY_STEP_MS)
    await noteActivity(db, token, new Date(seen));
  return operatorFrom(token, resolveRole(recorded, token.email, settings).role);
}
