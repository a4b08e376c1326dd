/**
 * What a page needs to offer "request approval" in place of running a covered action: the
 * policy's reason, and whether this operator may request it or break glass (computed from the
 * action definition's own role, never a role written in a component).
 */
import 'server-only';
import { type GuardedAction, permissionFor, type Operator } from '@/lib/auth/roles';
import { getConsoleDb } from '@/lib/db';
import { requiredApproval } from './enforce';
import { approvalSettings, BREAK_GLASS_ROLE } from './policy';

export interface ApprovalGate {
  reason: string;
  deniedReason: string | null;
  breakGlassDeniedReason: string | null;
}

/** The gate for this action and input, or null when it runs without approval. */
export async function approvalGateFor(
  operator: Operator,
  action: GuardedAction,
  input: Record<string, unknown>,
): Promise<ApprovalGate | null> {
  const reason = await requiredApproval(await getConsoleDb(), action.name, input, approvalSettings());
  if (reason === null) return null;
  const permission = permissionFor(operator.role, action);
  const breakGlass = permissionFor(operator.role, { name: 'break-glass', requiredRole: BREAK_GLASS_ROLE });
  return {
    reason,
    deniedReason: permission.allowed ? null : permission.reason,
    breakGlassDeniedReason: breakGlass.allowed ? null : `Break-glass: ${breakGlass.reason}`,
  };
}
