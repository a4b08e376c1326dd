import { Link } from '@/components/link';
import { withCells, type DeclaredIds } from '@/lib/tables/columns';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeCell } from '@/components/data-table/cells/time-column';
import { CellValue } from '@/components/entities/cell-value';
import type { TitleRecord } from '@/lib/agents/data';
import { ROLLUP_COLUMNS, ROLLUP_VIEW, type HumanRollupRow } from '@/lib/agents/rollup';
import { filteredListHref } from '@/lib/entities/hrefs';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The agents of a human, in the all-agents list. */
const agentsOf = (creatorId: string) => filteredListHref('agents', { creator: creatorId });

/** Humans by how many agents they created; a row opens that human's agents. */
export function RollupTable({
  titles,
  rows,
  total,
  page,
  size,
  sort,
}: {
  rows: HumanRollupRow[];
  total: number;
  page: number;
  size: number;
  sort: SortSpec | null;
  titles: TitleRecord;
}) {
  const names = new Map(Object.entries(titles));
  const columns = withCells<HumanRollupRow, DeclaredIds<typeof ROLLUP_COLUMNS>>(ROLLUP_COLUMNS, {
    creatorId: ({ row: { original: row } }) => (
      <CellValue
        column={{ kind: 'id', linkTo: 'users' }}
        value={row.creatorId}
        mode="table"
        titles={names}
        copyableIds
      />
    ),
    agents: ({ row: { original: row } }) => (
      <Link
        href={agentsOf(row.creatorId)}
        className="tabular-nums underline-offset-2 hover:underline"
        aria-label={`${row.agents} agents of ${names.get(`/users/${encodeURIComponent(row.creatorId)}`) ?? row.creatorId}`}
      >
        {row.agents.toLocaleString('en-US')}
      </Link>
    ),
    deletedShare: ({ row: { original: row } }) => (
      <span className="tabular-nums">
        {percent(row.deletedShare)} <span className="text-xs text-muted-foreground">({row.deleted} deleted)</span>
      </span>
    ),
    newestAt: timeCell((row) => row.newestAt),
  });
  return (
    <PagedTable
      columns={columns}
      rows={rows}
      getRowId={(row) => row.creatorId}
      rowHref={(row) => agentsOf(row.creatorId)}
      caption="Agents per human"
      empty={<p>There are no agents at the service.</p>}
      stickyFirstColumn
      sort={{ current: sort, default: ROLLUP_VIEW.defaultSort }}
      pagination={{ page, size, total, rowLabel: 'humans', sizes: PAGE_SIZES }}
    />
  );
}
