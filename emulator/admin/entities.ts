/**
 * The entities served under /admin/ra/{entity}: one entry per entity names its table, its
 * columns (the only names that may be sorted or filtered on, so SQL never interpolates input)
 * and the columns free-text `q` searches. A new entity is one more entry here.
 */
import type { z } from 'zod';
import { userSchema, type RaRecord, type SortOrder } from '../../lib/upstream/contract';

export type ColumnKind = 'text' | 'boolean' | 'integer' | 'timestamp';

export interface EntityDefinition {
  table: string;
  /** Every column, in response order; `id` is the primary key. */
  columns: Readonly<Record<string, ColumnKind>>;
  searchColumns: readonly string[];
  defaultSort: { field: string; order: SortOrder };
  /** The contract's schema: every record is checked before it leaves the emulator. */
  recordSchema: z.ZodType<RaRecord>;
}

const ENTITIES: Readonly<Record<string, EntityDefinition>> = {
  users: {
    table: 'users',
    columns: {
      id: 'text',
      email: 'text',
      first_name: 'text',
      last_name: 'text',
      image_url: 'text',
      phone: 'text',
      verified: 'boolean',
      account_type: 'text',
      idp_provider: 'text',
      merged_into: 'text',
      creator_id: 'text',
      created_at: 'timestamp',
      last_active_at: 'timestamp',
    },
    searchColumns: ['email', 'first_name', 'last_name'],
    defaultSort: { field: 'created_at', order: 'DESC' },
    recordSchema: userSchema,
  },
};

export function findEntity(name: string): EntityDefinition | undefined {
  return Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : undefined;
}
