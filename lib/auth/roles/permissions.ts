/**
 * What the signed-in role may do, computed on the server from each action definition's own
 * `requiredRole` (the one place a role is written) and handed to components as plain data.
 * The buttons are a convenience: the action guard checks the role again.
 */
import { roleAllows, type ConsoleRole } from './roles';

/** The part of an action definition (lib/actions/guard/define.ts) that decides who may run it. */
export interface GuardedAction {
  name: string;
  requiredRole: ConsoleRole;
}

/** Whether the role may run an action, and if not, the reason to show beside the disabled control. */
export type ActionPermission = { allowed: true } | { allowed: false; reason: string };

export function permissionFor(role: ConsoleRole, action: GuardedAction): ActionPermission {
  return roleAllows(role, action.requiredRole)
    ? { allowed: true }
    : { allowed: false, reason: `Needs the ${action.requiredRole} role; you are ${role}.` };
}

/** One permission per named action, keyed as the caller keys the actions. */
export function permissionsFor<Key extends string>(
  role: ConsoleRole,
  actions: Readonly<Record<Key, GuardedAction>>,
): Record<Key, ActionPermission> {
  const entries = Object.entries<GuardedAction>(actions).map(
    ([key, action]) => [key, permissionFor(role, action)] as const,
  );
  return Object.fromEntries(entries) as Record<Key, ActionPermission>;
}
