/**
 * The deterministic seed: `generateSeedData` is a pure function of preset and seed; bump
 * GENERATOR_VERSION whenever its output changes, so cached snapshots are regenerated.
 */
import type { PGlite } from '@electric-sql/pglite';
import { referenceDateForSeed, type SeedContext } from './context';
import { insertRows } from './insert';
import { PRESETS, type PresetName } from './presets';
import { generateUsers, type SignInAccountRow, type UserRow } from './users';

export const GENERATOR_VERSION = 1;

export interface SeedData {
  referenceDate: Date;
  users: UserRow[];
  signInAccounts: SignInAccountRow[];
}

export function generateSeedData(presetName: PresetName, seed: number): SeedData {
  const context: SeedContext = { seed, preset: PRESETS[presetName], referenceDate: referenceDateForSeed(seed) };
  const { users, signInAccounts } = generateUsers(context);
  return { referenceDate: context.referenceDate, users, signInAccounts };
}

const USER_COLUMNS = [
  'id', 'email', 'first_name', 'last_name', 'image_url', 'phone', 'verified', 'account_type',
  'idp_provider', 'merged_into', 'creator_id', 'created_at', 'last_active_at',
] as const satisfies readonly (keyof UserRow)[];
const SIGN_IN_ACCOUNT_COLUMNS = ['user_id', 'password_hash', 'admin_allowed'] as const satisfies readonly (keyof SignInAccountRow)[];

/** Writes generated data into a fresh database that has the schema (discarded if this fails). */
export async function writeSeedData(db: PGlite, data: SeedData): Promise<void> {
  await insertRows(db, 'users', USER_COLUMNS, data.users);
  await insertRows(db, 'sign_in_accounts', SIGN_IN_ACCOUNT_COLUMNS, data.signInAccounts);
}
