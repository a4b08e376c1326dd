/** What the operators pages read: the operators with their roles resolved now, one operator with their sessions. */
import 'server-only';
import { configuredRoleSettings, type ConsoleRole } from '@/lib/auth/roles';
import { sessionIdleTimeoutMs } from '@/lib/auth/session-cookie/token';
import { getConsoleDb, type Queryable } from '@/lib/db';
import type { SortSpec } from '@/lib/entities/types';
import { findOperator, listOperators, openSessionsOf, type OperatorRecord } from './store';

const RANK: Record<ConsoleRole, number> = { viewer: 0, support: 1, ops: 2 };

const SORT_KEYS: Readonly<Record<string, (operator: OperatorRecord) => string | number>> = {
  email: (operator) => operator.email.toLowerCase(),
  name: (operator) => operator.name.toLowerCase(),
  role: (operator) => RANK[operator.role],
  signedIn: (operator) => operator.lastSignInAt.getTime(),
  active: (operator) => operator.lastActivityAt.getTime(),
  sessions: (operator) => operator.openSessions,
};

/**
 * One page of operators matching the search and the role, in the asked order. The role depends
 * on the bootstrap setting as well as the database, so the (few) rows are resolved, filtered and
 * ordered here rather than in SQL.
 */
export async function readOperatorsPage(query: OperatorsQuery): Promise<{ rows: OperatorRecord[]; total: number }> {
  return queryOperatorsPage(await getConsoleDb(), query);
}

export interface OperatorsQuery {
  q: string;
  role: ConsoleRole | undefined;
  sort: SortSpec;
  offset: number;
  limit: number;
}

/** readOperatorsPage on a database given (the saved views' counts, outside a request). */
export async function queryOperatorsPage(
  db: Queryable,
  query: OperatorsQuery,
): Promise<{ rows: OperatorRecord[]; total: number }> {
  const all = await listOperators(db, configuredRoleSettings(), sessionIdleTimeoutMs());
  const needle = query.q.toLowerCase();
  const matching = all.filter(
    (operator) =>
      (!query.role || operator.role === query.role) &&
      (!needle || operator.email.toLowerCase().includes(needle) || operator.name.toLowerCase().includes(needle)),
  );
  const key = SORT_KEYS[query.sort.field] ?? SORT_KEYS.active!;
  const direction = query.sort.order === 'asc' ? 1 : -1;
  matching.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -direction : x > y ? direction : a.email.localeCompare(b.email);
  });
  return { rows: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
}

/** One operator with their open sessions, or null when no one with this account id signed in. */
export async function readOperator(accountId: string) {
  const db = await getConsoleDb();
  const idleMs = sessionIdleTimeoutMs();
  const operator = await findOperator(db, accountId, configuredRoleSettings(), idleMs);
  if (!operator) return null;
  return { operator, sessions: await openSessionsOf(db, accountId, idleMs) };
}
