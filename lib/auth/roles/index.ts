/**
 * Who the operator is and what their role may do: the console roles and their resolution order, the
 * operator derived from a session, and the permissions handed to components as plain data.
 */
export {
  CONSOLE_ROLES,
  DEFAULT_ROLE_SOURCE,
  parseRoleMapping,
  resolveRole,
  roleAllows,
  roleFor,
  ROLE_SOURCES,
  type ConsoleRole,
  type ResolvedRole,
  type RoleMapping,
  type RoleOrigin,
  type RoleSettings,
  type RoleSource,
} from './roles';
export { configuredRoles, configuredRoleSettings, operatorFrom, type Operator } from './operator';
export { permissionFor, permissionsFor, type ActionPermission, type GuardedAction } from './permissions';
