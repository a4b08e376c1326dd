import { Link } from '@/components/link';
import { withCells, type DeclaredIds } from '@/lib/tables/columns';
import { listPageTable, type ListPage } from '@/components/data-table/filters/filtered-list';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeCell } from '@/components/data-table/cells/time-column';
import { CellValue } from '@/components/entities/cell-value';
import { Badge } from '@/components/ui/badge';
import type { TitleRecord } from '@/lib/agents/data';
import { detailHref } from '@/lib/entities/hrefs';
import { AGENT_COLUMNS } from '@/lib/entities/declared-columns';
import type { Agent } from '@/lib/upstream/contract';

export type AgentsTableProps = ListPage<Agent> & { titles: TitleRecord };

/** Every agent at the service: its owner and workspaces by name, created and deleted. */
export function AgentsTable({ titles, ...list }: AgentsTableProps) {
  const names = new Map(Object.entries(titles));
  const columns = withCells<Agent, DeclaredIds<typeof AGENT_COLUMNS>>(AGENT_COLUMNS, {
    name: ({ row: { original: row } }) => (
      <span className="flex flex-col">
        <Link href={detailHref('agents', row.id)} className="font-medium hover:underline">
          <bdi>{row.name?.trim() || row.id}</bdi>
        </Link>
        <span className="text-xs text-muted-foreground">{row.email}</span>
      </span>
    ),
    creator_id: ({ row: { original: row } }) => (
      <CellValue
        column={{ kind: 'id', linkTo: 'users' }}
        value={row.creator_id}
        mode="table"
        titles={names}
        copyableIds
      />
    ),
    workspace_guids: ({ row: { original: row } }) => (
      <CellValue
        column={{ kind: 'list', linkTo: 'workspaces' }}
        value={row.workspace_guids}
        mode="table"
        titles={names}
        copyableIds
      />
    ),
    created_at: timeCell((row) => row.created_at),
    deleted_at: ({ row: { original: row } }) =>
      row.deleted_at ? (
        <span className="flex flex-col gap-1">
          <Badge variant="outline">deleted</Badge>
          <CellValue column={{ kind: 'iso-datetime' }} value={row.deleted_at} mode="table" />
        </span>
      ) : (
        <Badge variant="secondary">live</Badge>
      ),
  });

  return (
    <PagedTable
      {...listPageTable(list, 'agents')}
      columns={columns}
      getRowId={(row) => row.id}
      rowHref={(row) => detailHref('agents', row.id)}
      caption="Agents"
    />
  );
}
