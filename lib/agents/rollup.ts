/**
 * The per-human rollup as a list: its columns, the orders the URL may ask for, and the page the
 * table shows. Computed by the console from every agent (the service has no grouping).
 */
import { entityColumn } from '@/lib/entities/columns';
import type { ListState } from '@/lib/entities/list-state';
import type { EntityView } from '@/lib/entities/types';

export interface HumanRollupRow {
  creatorId: string;
  agents: number;
  deleted: number;
  deletedShare: number;
  newestAt: string;
}

/** The rollup's columns: the /agents/humans page draws its cells for these (components/agents/rollup-table.tsx). */
export const ROLLUP_COLUMNS = [
  entityColumn('creatorId', 'Human', 'id', { linkTo: 'users' }),
  entityColumn('agents', 'Agents', 'number', { sortable: true }),
  entityColumn('deletedShare', 'Deleted share', 'number', { sortable: true }),
  entityColumn('newestAt', 'Newest agent', 'iso-datetime', { sortable: true }),
];

/** Most agents first: an unusual human stands out at the top. */
export const ROLLUP_VIEW: EntityView = {
  name: 'agents/humans',
  label: 'Agents per human',
  singular: 'Human',
  known: true,
  columns: ROLLUP_COLUMNS,
  defaultSort: { field: 'agents', order: 'desc' },
  filters: [],
  searchHint: null,
  relatedLists: [],
  nested: [],
};

/** The rows of the page the list state asks for, in its order (ties: most agents, then id). */
export function rollupPage(rows: readonly HumanRollupRow[], state: ListState): HumanRollupRow[] {
  const sort = state.sort ?? ROLLUP_VIEW.defaultSort ?? { field: 'agents', order: 'desc' };
  const value = (row: HumanRollupRow): number =>
    sort.field === 'newestAt'
      ? Date.parse(row.newestAt)
      : sort.field === 'deletedShare'
        ? row.deletedShare
        : row.agents;
  const direction = sort.order === 'asc' ? 1 : -1;
  const sorted = [...rows].sort(
    (a, b) => direction * (value(a) - value(b)) || b.agents - a.agents || (a.creatorId < b.creatorId ? -1 : 1),
  );
  const start = (state.page - 1) * state.size;
  return sorted.slice(start, start + state.size);
}
