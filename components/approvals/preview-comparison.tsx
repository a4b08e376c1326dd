'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { Badge } from '@/components/ui/badge';
import type { PreviewComparison } from '@/lib/approvals/previews';

const show = (value: PreviewComparison['then']) => (value === undefined ? '—' : value === null ? 'none' : typeof value === 'number' ? value.toLocaleString('en-US') : value);

const helper = createColumnHelper<ServerTableFeatures, PreviewComparison>();

function columns(withNow: boolean) {
  return [
    helper.display({ id: 'label', header: 'What', meta: { label: 'What' }, cell: ({ row }) => row.original.label }),
    helper.display({ id: 'then', header: 'When requested', meta: { label: 'When requested', cellClassName: 'tabular-nums' }, cell: ({ row }) => show(row.original.then) }),
    ...(withNow
      ? [
          helper.display({
            id: 'now',
            header: 'Now',
            meta: { label: 'Now', cellClassName: 'tabular-nums' },
            cell: ({ row }) => (row.original.changed ? <strong>{show(row.original.now)}</strong> : show(row.original.now)),
          }),
          helper.display({
            id: 'changed',
            header: 'Changed',
            meta: { label: 'Changed' },
            cell: ({ row }) => (row.original.changed ? <Badge variant="warning">changed</Badge> : <span className="text-muted-foreground">same</span>),
          }),
        ]
      : []),
  ];
}

/** The stored preview beside the one recomputed now, line by line; what differs is marked. */
export function PreviewComparisonTable({ lines, withNow }: { lines: PreviewComparison[]; withNow: boolean }) {
  return (
    <PagedDataTable
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
