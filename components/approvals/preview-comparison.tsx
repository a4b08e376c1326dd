import { ListTable, type ListColumn } from '@/components/data-table/list-table';
import { Badge } from '@/components/ui/badge';
import type { PreviewComparison } from '@/lib/approvals/previews';

const show = (value: PreviewComparison['then']) => (value === undefined ? '—' : value === null ? 'none' : typeof value === 'number' ? value.toLocaleString('en-US') : value);

function columns(withNow: boolean): ListColumn<PreviewComparison>[] {
  return [
    { id: 'label', header: 'What', cell: (row) => row.label },
    { id: 'then', header: 'When requested', cellClassName: 'tabular-nums', cell: (row) => show(row.then) },
    ...(withNow
      ? ([
          {
            id: 'now',
            header: 'Now',
            cellClassName: 'tabular-nums',
            cell: (row) => (row.changed ? <strong>{show(row.now)}</strong> : show(row.now)),
          },
          {
            id: 'changed',
            header: 'Changed',
            cell: (row) => (row.changed ? <Badge variant="warning">changed</Badge> : <span className="text-muted-foreground">same</span>),
          },
        ] satisfies ListColumn<PreviewComparison>[])
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
