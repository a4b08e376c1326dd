import { ListTable } from '@/components/data-table/list-table';
import { Link } from '@/components/link';
import { newRuleHrefForView } from '@/lib/watch/paths';
import { Badge } from '@/components/ui/badge';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { formatUtc } from '@/lib/time';
import { ViewRowActions, type ViewRowChanges } from './view-row-actions';

/** A saved view as the views page lists it; the server words its table and filter. */
export interface ViewListItem {
  id: string;
  name: string;
  href: string;
  table: string;
  filter: string[];
  owner: string;
  shared: boolean;
  updatedAt: Date;
  changes: ViewRowChanges;
}

const COLUMNS: ConsoleColumn<ViewListItem>[] = [
  {
    id: 'name',
    header: 'View',
    cell: ({ row: { original: row } }) => (
      <Link href={row.href} className="font-medium underline underline-offset-2">
        {row.name}
      </Link>
    ),
  },
  { id: 'table', header: 'Table', cell: ({ row: { original: row } }) => row.table },
  {
    id: 'filter',
    header: 'Filter',
    cell: ({ row: { original: row } }) =>
      row.filter.length === 0 ? (
        <span className="text-muted-foreground">Everything, in the table’s own order</span>
      ) : (
        <ul className="space-y-0.5">
          {row.filter.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      ),
    meta: { cellClassName: 'text-xs', cellMaxWidth: 'max-w-80' },
  },
  { id: 'owner', header: 'Owner', cell: ({ row: { original: row } }) => row.owner },
  {
    id: 'visibility',
    header: 'Visibility',
    cell: ({ row: { original: row } }) => (
      <Badge variant={row.shared ? 'secondary' : 'outline'}>{row.shared ? 'shared' : 'private'}</Badge>
    ),
  },
  {
    id: 'updated',
    header: 'Updated',
    cell: ({ row: { original: row } }) => formatUtc(row.updatedAt),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
  },
  {
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: row } }) => (
      <div className="flex flex-wrap items-center gap-2">
        <ViewRowActions view={{ id: row.id, name: row.name }} changes={row.changes} />
        <Link className="text-sm underline" href={newRuleHrefForView(row.id)} aria-label={`Watch this: ${row.name}`}>
          Watch this
        </Link>
      </div>
    ),
  },
];

export function ViewsTable({ rows }: { rows: ViewListItem[] }) {
  return (
    <ListTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Saved views: yours and the team's, most recently changed first"
      empty="No saved view yet."
      testId="views-table"
      rowAttributes={(row) => ({ 'data-testid': 'view-row', 'data-view-name': row.name })}
    />
  );
}
