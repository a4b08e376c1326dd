/**
 * Console roles, on top of the service's admin scope. Assigned by configuration
 * (CONSOLE_ROLES, "email=role" pairs); an admin-scoped operator with no mapping is a viewer.
 */
import { z } from 'zod';

export const CONSOLE_ROLES = ['viewer', 'support', 'ops'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

const RANK: Record<ConsoleRole, number> = { viewer: 0, support: 1, ops: 2 };

export function roleAllows(role: ConsoleRole, required: ConsoleRole): boolean {
  return RANK[role] >= RANK[required];
}

const roleSchema = z.enum(CONSOLE_ROLES);

export type RoleMapping = ReadonlyMap<string, ConsoleRole>;

/**
 * Parses `ops@example.com=ops, support@example.com=support`. E-mails compare case-insensitively.
 * A malformed entry is a configuration error, reported at once rather than silently dropped.
 */
export function parseRoleMapping(value: string | undefined): RoleMapping {
  const mapping = new Map<string, ConsoleRole>();
  for (const entry of (value ?? '').split(/[,\n]/)) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const [email, role, ...rest] = trimmed.split('=').map((part) => part.trim());
    const parsedRole = roleSchema.safeParse(role);
    if (!email || !email.includes('@') || rest.length > 0 || !parsedRole.success) {
      throw new Error(`CONSOLE_ROLES: "${trimmed}" is not "email=role" with role one of ${CONSOLE_ROLES.join(', ')}`);
    }
    mapping.set(email.toLowerCase(), parsedRole.data);
  }
  return mapping;
}

export function roleFor(mapping: RoleMapping, email: string): ConsoleRole {
  return mapping.get(email.toLowerCase()) ?? 'viewer';
}
