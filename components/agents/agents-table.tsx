import type { ListColumn } from '@/components/data-table/list-table';
import { listPageTable, type ListPage } from '@/components/data-table/filtered-list';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeColumn } from '@/components/data-table/time-column';
import { CellValue } from '@/components/entities/cell-value';
import { Badge } from '@/components/ui/badge';
import type { TitleRecord } from '@/lib/agents/data';
import { detailHref } from '@/lib/entities/hrefs';
import type { Agent } from '@/lib/upstream/contract';

export type AgentsTableProps = ListPage<Agent> & { titles: TitleRecord };

/** Every agent at the service: its owner and workspaces by name, created and deleted. */
export function AgentsTable({ titles, ...list }: AgentsTableProps) {
  const names = new Map(Object.entries(titles));
  const columns: ListColumn<Agent>[] = [
    {
      id: 'name',
      header: 'Agent',
      sortable: true,
      cell: (row) => (
        <span className="flex flex-col">
          <a data-client-nav href={detailHref('agents', row.id)} className="font-medium hover:underline">
            <bdi>{row.name?.trim() || row.id}</bdi>
          </a>
          <span className="text-xs text-muted-foreground">{row.email}</span>
        </span>
      ),
    },
    {
      id: 'creator_id',
      header: 'Owner (root human)',
      sortable: true,
      cell: (row) => <CellValue column={{ kind: 'id', linkTo: 'users' }} value={row.creator_id} mode="table" titles={names} copyableIds />,
    },
    {
      id: 'workspace_guids',
      header: 'Workspaces',
      cell: (row) => <CellValue column={{ kind: 'list', linkTo: 'workspaces' }} value={row.workspace_guids} mode="table" titles={names} copyableIds />,
    },
    timeColumn<Agent>('created_at', 'Created', (row) => row.created_at),
    {
      id: 'deleted_at',
      header: 'State',
      sortable: true,
      cell: (row) =>
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

  return <PagedTable {...listPageTable(list, 'agents')} columns={columns} getRowId={(row) => row.id} rowHref={(row) => detailHref('agents', row.id)} caption="Agents" />;
}
