/** Who is acting: the operator derived from a session token and the role resolved for it. */
import { consoleEnv } from '@/lib/env';
import { parseRoleMapping, type ConsoleRole, type RoleMapping, type RoleSettings } from './roles';
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

/** The bootstrap setting and the resolution order, from the environment. */
export function configuredRoleSettings(): RoleSettings {
  return { bootstrap: configuredRoles(), source: consoleEnv().CONSOLE_ROLE_SOURCE };
}

/** The operator of a session, with the role resolved for it on this request (lib/operators/roles.ts). */
export function operatorFrom(token: SessionToken, role: ConsoleRole): Operator {
  return {
    id: token.sub,
    email: token.email,
    name: token.name || token.email,
    scopes: token.scopes,
    hasAdminScope: token.scopes.includes('admin') && Boolean(token.accessToken),
    role,
  };
}
