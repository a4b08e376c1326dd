import { Link } from '@/components/link';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { listPageTable, type ListPage } from '@/components/data-table/filters/filtered-list';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeColumn } from '@/components/data-table/cells/time-column';
import { CellValue } from '@/components/entities/cell-value';
import { Badge } from '@/components/ui/badge';
import type { TitleRecord } from '@/lib/agents/data';
import { detailHref } from '@/lib/entities/hrefs';
import type { Agent } from '@/lib/upstream/contract';

export type AgentsTableProps = ListPage<Agent> & { titles: TitleRecord };

/** Every agent at the service: its owner and workspaces by name, created and deleted. */
export function AgentsTable({ titles, ...list }: AgentsTableProps) {
  const names = new Map(Object.entries(titles));
  const columns: ConsoleColumn<Agent>[] = [
    {
      id: 'name',
      header: 'Agent',
      enableSorting: true,
      cell: ({ row: { original: row } }) => (
        <span className="flex flex-col">
          <Link href={detailHref('agents', row.id)} className="font-medium hover:underline">
            <bdi>{row.name?.trim() || row.id}</bdi>
          </Link>
          <span className="text-xs text-muted-foreground">{row.email}</span>
        </span>
      ),
    },
    {
      id: 'creator_id',
      header: 'Owner (root human)',
      enableSorting: true,
      cell: ({ row: { original: row } }) => (
        <CellValue
          column={{ kind: 'id', linkTo: 'users' }}
          value={row.creator_id}
          mode="table"
          titles={names}
          copyableIds
        />
      ),
    },
    {
      id: 'workspace_guids',
      header: 'Workspaces',
      cell: ({ row: { original: row } }) => (
        <CellValue
          column={{ kind: 'list', linkTo: 'workspaces' }}
          value={row.workspace_guids}
          mode="table"
          titles={names}
          copyableIds
        />
      ),
    },
    timeColumn<Agent>('created_at', 'Created', (row) => row.created_at),
    {
      id: 'deleted_at',
      header: 'State',
      enableSorting: true,
      cell: ({ row: { original: row } }) =>
        row.deleted_at ? (
          <span className="flex flex-col gap-1">
            <Badge variant="outline">deleted</Badge>
            <CellValue column={{ kind: 'iso-datetime' }} value={row.deleted_at} mode="table" />
          </span>
        ) : (
          <Badge variant="secondary">live</Badge>
        ),
    },
  ];

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
