/**
 * The active users list: `/admin/users/active` answers every active user at once, so the
 * console sorts, searches and pages it itself, with the users list's own URL parameters and
 * columns (the same conventions as every entity list).
 */
import type { ListState } from '@/lib/entities/list-state';
import { entityView, findEntity } from '@/lib/entities/registry';
import type { EntityView, SortSpec } from '@/lib/entities/types';
import type { User } from '@/lib/upstream/contract';

/** The users view without filters (the service answers no filter) and in the service's order. */
export function activeUsersView(): EntityView {
  const users = findEntity('users');
  if (!users) throw new Error('registry: users is not declared');
  const view = entityView(users);
  return {
    ...view,
    name: 'users',
    label: 'Active users',
    filters: [],
    relatedLists: [],
    defaultSort: { field: 'last_active_at', order: 'desc' },
  };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en');
}

/** The rows the list state selects, in its order (missing values last either way), before paging. */
export function selectActiveUsers(
  users: readonly User[],
  state: Pick<ListState, 'q' | 'sort'>,
  defaultSort: SortSpec | null,
): User[] {
  const text = state.q.trim().toLowerCase();
  const matching =
    text === ''
      ? [...users]
      : users.filter((user) =>
          [user.email, user.first_name, user.last_name, user.id].some((value) => value?.toLowerCase().includes(text)),
        );
  const sort = state.sort ?? defaultSort;
  if (!sort) return matching;
  const direction = sort.order === 'desc' ? -1 : 1;
  const key = sort.field as keyof User;
  return matching.sort((a, b) => {
    const missing = (a[key] ?? null) === null ? 1 : (b[key] ?? null) === null ? -1 : 0;
    if (missing !== 0 && (a[key] ?? null) !== (b[key] ?? null)) return missing;
    return direction * compare(a[key], b[key]) || compare(a.id, b.id);
  });
}

export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size);
}
