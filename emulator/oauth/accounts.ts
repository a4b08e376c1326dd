/**
 * Who can sign in, and which scopes each may be granted: staff accounts may receive `admin`,
 * everyone else receives every scope except `admin`.
 */
import type { PGlite } from '@electric-sql/pglite';
import { SCOPES, type Scope } from '../../lib/upstream/contract';
import { verifyPassword } from '../passwords';

export interface Account {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  admin_allowed: boolean;
}

interface AccountRow extends Account {
  password_hash: string;
}

const ACCOUNT_QUERY = `
  SELECT u.id, u.email, u.first_name, u.last_name, a.admin_allowed, a.password_hash
  FROM sign_in_accounts a JOIN users u ON u.id = a.user_id`;

export class AccountStore {
  /** `database` is read per call: a reset swaps the database underneath. */
  constructor(private readonly database: () => PGlite) {}

  async findById(id: string): Promise<Account | null> {
    const { rows } = await this.database().query<AccountRow>(`${ACCOUNT_QUERY} WHERE u.id = $1`, [id]);
    return rows[0] ? withoutHash(rows[0]) : null;
  }

  /** The account when email (any case) and password match; null otherwise. */
  async verifyCredentials(email: string, password: string): Promise<Account | null> {
    const { rows } = await this.database().query<AccountRow>(
      `${ACCOUNT_QUERY} WHERE lower(u.email) = lower($1)`,
      [email.trim()],
    );
    const row = rows[0];
    if (!row || !verifyPassword(password, row.password_hash)) return null;
    return withoutHash(row);
  }
}

export function grantableScopes(account: Account): Scope[] {
  return SCOPES.filter((scope) => scope !== 'admin' || account.admin_allowed);
}

function withoutHash({ password_hash: _hash, ...account }: AccountRow): Account {
  return account;
}
