/** Who is acting: the operator derived from a session token and the configured roles. */
import { consoleEnv } from '@/lib/env';
import { parseRoleMapping, roleFor, type ConsoleRole, type RoleMapping } from './roles';
import type { SessionToken } from '../session-cookie/token';

export interface Operator {
  id: string;
  email: string;
  name: string;
  scopes: string[];
  hasAdminScope: boolean;
  role: ConsoleRole;
}

let roleMapping: { source: string; mapping: RoleMapping } | undefined;

/** The configured role mapping, parsed once per value of CONSOLE_ROLES. */
export function configuredRoles(): RoleMapping {
  const source = consoleEnv().CONSOLE_ROLES;
  if (roleMapping?.source !== source) roleMapping = { source, mapping: parseRoleMapping(source) };
  return roleMapping.mapping;
}

export function operatorFrom(token: SessionToken, roles: RoleMapping): Operator {
  return {
    id: token.sub,
    email: token.email,
    name: token.name || token.email,
    scopes: token.scopes,
    hasAdminScope: token.scopes.includes('admin') && Boolean(token.accessToken),
    role: roleFor(roles, token.email),
  };
}
