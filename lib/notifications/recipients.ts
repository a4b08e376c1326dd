/**
 * Who an approval waiting is for: the operators whose role may decide it (the approve action's
 * role, lib/actions/approvals.ts), resolved now from lib/operators, less the one who asked.
 */
import { approveRequestAction } from '@/lib/actions/approvals';
import { roleAllows, type RoleSettings } from '@/lib/auth/roles';
import type { Queryable } from '@/lib/db';
import { listOperators } from '@/lib/operators/store';

export async function approverEmails(
  db: Queryable,
  roleSettings: RoleSettings,
  requestedBy: string,
): Promise<string[]> {
  // Open sessions do not matter here: the idle window only shapes a count this does not read.
  const operators = await listOperators(db, roleSettings, 60_000);
  return operators
    .filter((operator) => roleAllows(operator.role, approveRequestAction.requiredRole))
    .map((operator) => operator.email)
    .filter((email) => email.toLowerCase() !== requestedBy.toLowerCase());
}
