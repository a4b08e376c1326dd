import type { ListColumn } from '@/components/data-table/list-table';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeColumn } from '@/components/data-table/time-column';
import { CellValue } from '@/components/entities/cell-value';
import { detailHref } from '@/lib/entities/hrefs';
import type { Agent } from '@/lib/upstream/contract';

const COLUMNS: ListColumn<Agent>[] = [
  {
    id: 'name',
    header: 'Agent',
    cell: (row) => (
      <a data-client-nav href={detailHref('agents', row.id)} className="font-medium hover:underline">
        <bdi>{row.name?.trim() || row.id}</bdi>
      </a>
    ),
  },
  { id: 'email', header: 'E-mail', cell: (row) => <CellValue column={{ kind: 'email' }} value={row.email} mode="table" /> },
  timeColumn<Agent>('created_at', 'Created', (row) => row.created_at, { sortable: false }),
];

/** The operator's own agents, one page of GET /agents (its order is the service's, by direction). */
export function OwnAgentsTable({ agents }: { agents: Agent[] }) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={agents}
      getRowId={(row) => row.id}
      rowHref={(row) => detailHref('agents', row.id)}
      caption="My agents"
      empty={<p>You have no agents on this page. Create one above, or change the paging.</p>}
    />
  );
}
