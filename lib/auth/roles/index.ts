/**
 * Who the operator is and what their role may do: the console roles (from configuration), the
 * operator derived from a session, and the permissions handed to components as plain data.
 */
export { CONSOLE_ROLES, parseRoleMapping, roleAllows, roleFor, type ConsoleRole, type RoleMapping } from './roles';
export { configuredRoles, operatorFrom, type Operator } from './operator';
export { permissionFor, permissionsFor, type ActionPermission, type GuardedAction } from './permissions';
