import { Link } from '@/components/link';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeColumn } from '@/components/data-table/cells/time-column';
import { CellValue } from '@/components/entities/cell-value';
import { detailHref } from '@/lib/entities/hrefs';
import type { Agent } from '@/lib/upstream/contract';

const COLUMNS: ConsoleColumn<Agent>[] = [
  {
    id: 'name',
    header: 'Agent',
    cell: ({ row: { original: row } }) => (
      <Link href={detailHref('agents', row.id)} className="font-medium hover:underline">
        <bdi>{row.name?.trim() || row.id}</bdi>
      </Link>
    ),
  },
  {
    id: 'email',
    header: 'E-mail',
    cell: ({ row: { original: row } }) => <CellValue column={{ kind: 'email' }} value={row.email} mode="table" />,
  },
  timeColumn<Agent>('created_at', 'Created', (row) => row.created_at, { sortable: false }),
];

/** The operator's own agents, one page of GET /agents (its order is the service's, by direction). */
export function OwnAgentsTable({ agents, empty }: { agents: Agent[]; empty: string }) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={agents}
      getRowId={(row) => row.id}
      rowHref={(row) => detailHref('agents', row.id)}
      caption="My agents"
      empty={<p data-testid="own-agents-empty">{empty}</p>}
    />
  );
}
