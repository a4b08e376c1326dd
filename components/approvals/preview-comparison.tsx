import { ListTable } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { Badge } from '@/components/ui/badge';
import type { PreviewComparison } from '@/lib/approvals/previews';

const show = (value: PreviewComparison['then']) =>
  value === undefined
    ? '—'
    : value === null
      ? 'none'
      : typeof value === 'number'
        ? value.toLocaleString('en-US')
        : value;

function columns(withNow: boolean): ConsoleColumn<PreviewComparison>[] {
  return [
    { id: 'label', header: 'What', cell: ({ row: { original: row } }) => row.label },
    {
      id: 'then',
      header: 'When requested',
      cell: ({ row: { original: row } }) => show(row.then),
      meta: { cellClassName: 'tabular-nums' },
    },
    ...(withNow
      ? ([
          {
            id: 'now',
            header: 'Now',
            cell: ({ row: { original: row } }) => (row.changed ? <strong>{show(row.now)}</strong> : show(row.now)),
            meta: { cellClassName: 'tabular-nums' },
          },
          {
            id: 'changed',
            header: 'Changed',
            cell: ({ row: { original: row } }) =>
              row.changed ? (
                <Badge variant="warning">changed</Badge>
              ) : (
                <span className="text-muted-foreground">same</span>
              ),
          },
        ] satisfies ConsoleColumn<PreviewComparison>[])
      : []),
  ];
}

/** The stored preview beside the one recomputed now, line by line; what differs is marked. */
export function PreviewComparisonTable({ lines, withNow }: { lines: PreviewComparison[]; withNow: boolean }) {
  return (
    <ListTable
      columns={columns(withNow)}
      rows={lines}
      getRowId={(line) => line.label}
      caption={withNow ? 'The preview when requested and now' : 'The preview when requested'}
      empty="This action has no preview."
      testId="preview-comparison"
      rowAttributes={(line) => ({ 'data-changed': String(line.changed) })}
    />
  );
}
