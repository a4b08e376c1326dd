/**
 * Console roles, on top of the service's admin scope. Recorded in the console's database by ops
 * operators (lib/operators), bootstrapped by configuration (CONSOLE_ROLES, "email=role" pairs);
 * an admin-scoped operator with neither is a viewer. CONSOLE_ROLE_SOURCE says which one wins.
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

/**
 * Which wins when both say something: `database` (the default) lets roles be managed in the
 * console, CONSOLE_ROLES granting a role only to an operator whose role nobody set yet (the first
 * ops operator); `setting` locks the role of every operator CONSOLE_ROLES lists to the setting.
 */
export const ROLE_SOURCES = ['database', 'setting'] as const;
export type RoleSource = (typeof ROLE_SOURCES)[number];
export const DEFAULT_ROLE_SOURCE: RoleSource = 'database';

/** Where an operator's role came from: the console's database, the bootstrap setting, or neither (viewer). */
export type RoleOrigin = 'database' | 'setting' | 'default';

export interface ResolvedRole {
  role: ConsoleRole;
  origin: RoleOrigin;
}

/** The bootstrap setting and which source wins: what role resolution needs besides the database. */
export interface RoleSettings {
  bootstrap: RoleMapping;
  source: RoleSource;
}

/**
 * The one resolution order. `recorded`: the role the database holds for the operator when someone
 * decided it (null: decided to have none, i.e. removed), undefined when nobody did.
 */
export function resolveRole(
  recorded: ConsoleRole | null | undefined,
  email: string,
  settings: RoleSettings,
): ResolvedRole {
  const configured = settings.bootstrap.get(email.toLowerCase());
  if (settings.source === 'setting' && configured) return { role: configured, origin: 'setting' };
  if (recorded) return { role: recorded, origin: 'database' };
  if (recorded === undefined && configured) return { role: configured, origin: 'setting' };
  return { role: 'viewer', origin: 'default' };
}
