/**
 * Who can sign in, and which scopes each may be granted: staff accounts may receive `admin`,
 * everyone else receives every scope except `admin`.
 */
import { SCOPES, type Scope } from '../../lib/upstream/contract';
import { findUserByEmail } from '../model/users';
import type { World } from '../model/world';
import { verifyPassword } from '../passwords';

export interface Account {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  admin_allowed: boolean;
}

export class AccountStore {
  /** `world` is read per call: a reset swaps the state underneath. */
  constructor(private readonly world: () => World) {}

  async findById(id: string): Promise<Account | null> {
    const world = this.world();
    const user = world.users.get(id);
    const credentials = world.signInAccounts.get(id);
    if (!user || !credentials) return null;
    return {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      admin_allowed: credentials.admin_allowed,
    };
  }

  /** The account when email (any case) and password match; null otherwise. */
  async verifyCredentials(email: string, password: string): Promise<Account | null> {
    const user = findUserByEmail(this.world(), email);
    const credentials = user ? this.world().signInAccounts.get(user.id) : undefined;
    if (!user || !credentials || !verifyPassword(password, credentials.password_hash)) return null;
    return this.findById(user.id);
  }
}

export function grantableScopes(account: Account): Scope[] {
  return SCOPES.filter((scope) => scope !== 'admin' || account.admin_allowed);
}
